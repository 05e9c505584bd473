package compile

import "github.com/robocompiler/robocompiler/spatial"

// placeScrew precomputes the placement of the edge's joint j when it has at most one
// screw axis: A·Q(q)·B⁻¹, or B·Q(q)⁻¹·A⁻¹ for a reversed edge (joint.Model.Screw).
func (ed *Edge) placeScrew(j *Joint) {
	ed.screwOK = false
	if j.NQ != j.Model.NQ() || j.NV != j.Model.NV() {
		return
	}
	if ed.Reversed {
		ed.screw, ed.screwOK = j.Model.Screw(j.B, j.AInv, true)
	} else {
		ed.screw, ed.screwOK = j.Model.Screw(j.A, j.BInv, false)
	}
}

// screwPlacement returns the edge's transform and subspace column (NV = 1) from its
// precomputed placement, and false when it has none or q is beyond its range.
func (ed *Edge) screwPlacement(j *Joint, q []float64) (spatial.Transform, spatial.Vec6, bool) {
	if !ed.screwOK {
		return spatial.Transform{}, spatial.Vec6{}, false
	}
	qj := 0.0
	if j.NQ == 1 {
		qj = q[j.Q0]
	}
	x, ok := ed.screw.At(qj)
	return x, ed.screw.Column(), ok
}

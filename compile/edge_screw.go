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

// screwPlacement sets x to the edge's transform and writes its subspace column into S
// (NV = 1) from its precomputed placement; it returns false, leaving both unchanged, when
// the edge has none or q is beyond its range.
func (ed *Edge) screwPlacement(j *Joint, q []float64, x *spatial.Transform, S []spatial.Vec6) bool {
	if !ed.screwOK {
		return false
	}
	qj := 0.0
	if j.NQ == 1 {
		qj = q[j.Q0]
	}
	if !ed.screw.AtTo(x, qj) {
		return false
	}
	if j.NV == 1 && S != nil {
		S[0] = ed.screw.Column()
	}
	return true
}

// EdgePlacementTo is EdgePlacement writing the transform into x (without copying it, for
// the hot loops).
func (m *Model) EdgePlacementTo(x *spatial.Transform, e int, q []float64, S []spatial.Vec6) {
	ed := &m.Edges[e]
	if !ed.screwPlacement(&m.Joints[ed.Joint], q, x, S) {
		*x = m.EdgePlacement(e, q, S)
	}
}

package kin

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// ports evaluates the port displacements Ell and the port Jacobian JEll at q after the
// tree kinematics. A joint term reads the joint's own coordinate — a cut joint's too, in
// SE(3) form — so L = JEll E carries the closure; a two-point port differentiates the
// distance between its attachment points.
func (d *Data) ports(q []float64) {
	if len(d.Ports) == 0 {
		return
	}
	J := d.JEll.RawMatrix()
	for i := range d.Ports {
		p := &d.Ports[i]
		row := J.Data[i*J.Stride : i*J.Stride+J.Cols]
		if !p.TwoPoint {
			for k, c := range d.portCols[i] {
				row[c] = d.portRow[i][k]
			}
			l := 0.0
			for k, t := range p.Terms {
				l += t.Coef * q[d.portQ[i][k]]
			}
			d.Ell[i] = l
			continue
		}
		for _, k := range d.portCols[i] {
			row[k] = 0
		}
		dir, l := d.twoPointAxis(p)
		d.Ell[i] = l
		d.twoPointRow(p, dir, row)
	}
}

// twoPointAxis returns the unit vector from attachment A to attachment B (ground frame)
// and their distance (m).
func (d *Data) twoPointAxis(p *compile.Port) (spatial.Vec3, float64) {
	diff := d.WorldPoint(p.NodeB, p.PointB).Sub(d.WorldPoint(p.NodeA, p.PointA))
	l := diff.Norm()
	if l == 0 {
		return spatial.Vec3{}, 0
	}
	return diff.Scale(1 / l), l
}

// twoPointRow writes the two-point port's Jacobian row: n̂ᵀ(J_pB − J_pA).
func (d *Data) twoPointRow(p *compile.Port, dir spatial.Vec3, row []float64) {
	var pts [2]struct {
		n int
		p spatial.Vec3
		s float64
	}
	pts[0].n, pts[0].p, pts[0].s = p.NodeB, d.WorldPoint(p.NodeB, p.PointB), 1
	pts[1].n, pts[1].p, pts[1].s = p.NodeA, d.WorldPoint(p.NodeA, p.PointA), -1
	for _, a := range pts {
		for k := d.last[a.n]; k >= 0; k = d.Dyn.VelocityParent(k) {
			row[k] += a.s * dir.Dot(d.pointColumn(k, a.p))
		}
	}
}

package dyn

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/dense"
)

// CRBA writes the tree mass matrix M_T(q) (NVT×NVT, row-major, kg·m², kg·m or kg) into M
// by the composite-rigid-body algorithm, with each tree joint's armature added to its
// diagonal entries. q is the augmented configuration (len NQ). Poses are left in d.
func (d *Data) CRBA(q []float64, M []float64) {
	d.checkQ("dyn: CRBA", q)
	dense.CheckLen("dyn: CRBA", "M", len(M), d.m.NVT*d.m.NVT)
	d.positions(q)
	d.crba(M)
}

// crba is CRBA at the current placement.
func (d *Data) crba(M []float64) {
	m := d.m
	n := m.NVT
	d.composite()
	clear(M[:n*n])
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		for k := range j.NV {
			col := j.V0 + k
			F := d.ic[ed.Child].MulMotion(d.s[col])
			for k2 := range j.NV {
				M[(j.V0+k2)*n+col] = d.s[j.V0+k2].Dot(F)
			}
			M[col*n+col] += j.Armature
			// Propagate F to the ancestors: M_ij = S_iᵀ X*ᵀ … F.
			node := ed.Child
			for m.Bodies[node-1].Parent != compile.Ground {
				F = d.xup[node].ActForce(F)
				node = m.Bodies[node-1].Parent
				ja := &m.Joints[m.Edges[m.Bodies[node-1].Edge].Joint]
				for k2 := range ja.NV {
					r := ja.V0 + k2
					x := d.s[r].Dot(F)
					M[r*n+col] = x
					M[col*n+r] = x
				}
			}
		}
	}
}

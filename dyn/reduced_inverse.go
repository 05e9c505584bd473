package dyn

import (
	"gonum.org/v1/gonum/mat"

	"github.com/robocompiler/robocompiler/spatial"
)

// ReducedInverse writes into tauR (len D) the reduced inverse dynamics of eq. 14,
// τ_r = M_r u̇ + h_r = E_Tᵀ RNEA(q, v, E u̇ + c, fext), at the augmented configuration q
// (len NQ) and feasible velocity v (len NV) with lift E (NV×D), curvature c (len NV) and
// independent acceleration udot (len D), by one RNEA, without forming M_T or M_r. It
// keeps the poses and twists of the last ForwardKinematics(Placed) at (q, v), as
// ReducedDynamics does. It equals ReducedDynamics followed by Reduced.Inverse to
// round-off and allocates nothing.
func (d *Data) ReducedInverse(q, v []float64, E *mat.Dense, c, udot []float64, fext []spatial.Vec6, tauR []float64) {
	d.checkQ("dyn: ReducedInverse", q)
	d.checkV("dyn: ReducedInverse", "v", v)
	d.checkV("dyn: ReducedInverse", "c", c)
	d.checkF("dyn: ReducedInverse", fext)
	e := E.RawMatrix()
	TreeAcceleration(E, c, udot[:e.Cols], d.redA)
	d.kinematicsFor(q, v)
	d.rnea(q, v, d.redA, fext, d.redTau)
	tr := tauR[:e.Cols]
	clear(tr)
	for i, t := range d.redTau {
		for k, x := range e.Data[i*e.Stride : i*e.Stride+e.Cols] {
			tr[k] += x * t
		}
	}
}

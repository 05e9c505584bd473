package sim

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/internal/dense"
)

// implicitLosses is the workspace of ImplicitLossEuler: the loss stiffness of the tree
// velocities (len NVT) and of the ports (len nf), and D×D and D scratch.
type implicitLosses struct {
	kT, kP    []float64
	a, ek, mu []float64
}

// lossStiffness returns −∂f/∂v of a viscous damping c plus a Coulomb friction fr·tanh(v/vs)
// at the speed v: c + fr·sech²(v/vs)/vs (≥ 0).
func lossStiffness(c, fr, vs, v float64) float64 {
	if fr == 0 {
		return c
	}
	ch := math.Cosh(v / vs)
	return c + fr/(vs*ch*ch)
}

// implicitVelocity replaces the explicit acceleration s.udot of the last derivative
// evaluation with that of a velocity update implicit in the joint and port damping and
// Coulomb friction, linearised at the step's start:
//
//	(M_r + Δt B_r) u̇' = M_r u̇,   B_r = E_Tᵀ K_T E_T + Lᵀ K_ℓ L,
//
// K_T and K_ℓ the diagonal loss stiffnesses −∂τ/∂v of the tree joints and the ports
// (lossStiffness). It is the explicit M_r u̇ = τ(u) with the losses at u + Δt u̇' instead
// of at u, to first order. It needs the dense M_r of the last Dynamics (a model whose
// lift is the identity keeps M_T along the tree instead: an error).
func (s *Sim) implicitVelocity() error {
	d := s.d
	r := d.Reduced
	n := len(s.udot)
	if r.Mr == nil || len(r.Mr) != n*n {
		return fmt.Errorf("sim: %s needs the dense reduced inertia M_r, which a loop-free model's tree form does not form", ImplicitLossEuler)
	}
	w := &s.implicit
	if len(w.a) != n*n {
		w.a, w.ek, w.mu = make([]float64, n*n), make([]float64, n), make([]float64, n)
	}
	if w.kT == nil {
		w.kT, w.kP = make([]float64, len(s.loss.damping)), make([]float64, len(s.elldot))
	}
	dt := s.opts.Dt
	copy(w.a, r.Mr)
	// M_r u̇, before a is modified.
	dense.MulVec(r.Mr, n, s.udot, w.mu)
	e := d.Lift().E.RawMatrix()
	for i, c := range s.loss.damping {
		fr, vs := 0.0, 1.0
		if s.loss.friction != nil {
			fr, vs = s.loss.friction[i], s.loss.vs[i]
		}
		k := lossStiffness(c, fr, vs, d.V[i])
		if k == 0 {
			continue
		}
		addOuter(w.a, n, e.Data[i*e.Stride:i*e.Stride+n], dt*k)
	}
	if s.loss.ports {
		l := d.Kin.L.RawMatrix()
		for i, pd := range s.drv.ports {
			k := lossStiffness(pd.Damping, pd.Friction, pd.FrictionVelocity, s.elldot[i])
			if k == 0 {
				continue
			}
			addOuter(w.a, n, l.Data[i*l.Stride:i*l.Stride+n], dt*k)
		}
	}
	if !dense.Cholesky(w.a, n) {
		return fmt.Errorf("sim: %s: M_r + Δt B_r is not positive definite", ImplicitLossEuler)
	}
	dense.CholeskySolve(w.a, n, w.mu)
	copy(s.udot, w.mu)
	return nil
}

// addOuter adds c·x xᵀ to the upper triangle (and diagonal) of the n×n row-major a.
func addOuter(a []float64, n int, x []float64, c float64) {
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		ci := c * xi
		row := a[i*n : i*n+n]
		for j := i; j < n; j++ {
			row[j] += ci * x[j]
		}
	}
}

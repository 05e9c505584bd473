package dyn

import (
	"errors"

	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// ErrNotPositiveDefinite reports a tree mass matrix that Cholesky factorisation rejects (a
// pivot not above NVT·ε times its diagonal entry; see internal/dense.Cholesky), for
// example a massless body on a moving joint without armature.
var ErrNotPositiveDefinite = errors.New("dyn: tree mass matrix M_T is not positive definite")

// ForwardDynamics solves the unconstrained tree dynamics M_T a = tau − h_T + Σ_b J_bᵀ
// fext_b for a (len NVT, m/s² or rad/s²), by CRBA, Bias and a Cholesky factorisation of
// M_T. q, v are the augmented configuration and velocity (len NQ, NV); tau is the applied
// tree effort (len NVT); fext is as for RNEA. CRBA and Bias share one evaluation of the
// poses and twists, that of the workspace's last ForwardKinematics when no other
// evaluation came since and q's tree coordinates (for the twists also v's) are unchanged
// bit for bit. It allocates nothing after its first call (the dense NVT×NVT scratch).
func (d *Data) ForwardDynamics(q, v, tau []float64, fext []spatial.Vec6, a []float64) error {
	d.checkT("dyn: ForwardDynamics", "tau", tau)
	d.checkT("dyn: ForwardDynamics", "a", a)
	n := d.m.NVT
	if n == 0 {
		return nil
	}
	d.checkQ("dyn: ForwardDynamics", q)
	d.checkV("dyn: ForwardDynamics", "v", v)
	d.checkF("dyn: ForwardDynamics", fext)
	if d.mbuf == nil {
		d.mbuf = make([]float64, n*n)
	}
	d.kinematicsFor(q, v)
	d.crba(d.mbuf)
	d.rnea(q, v, nil, fext, d.hbuf)
	for i := range n {
		a[i] = tau[i] - d.hbuf[i]
	}
	if !dense.Cholesky(d.mbuf, n) {
		return ErrNotPositiveDefinite
	}
	dense.CholeskySolve(d.mbuf, n, a)
	return nil
}

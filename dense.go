package robocompiler

import "github.com/robocompiler/robocompiler/closure"

// The accessors below write the dense matrices of the last evaluation whatever form the
// workspace holds them in: a loop-free model of more than closure.DenseIdentityMax
// velocities keeps none of them (the tree form: E = I, M_r = M_T applied in O(n)), nor
// does a model with loops of more than LoopFormMin velocities keep M_T and M_r (the loop
// form), and they are then formed on request, in O(n²) memory the caller provides.

// DenseJacobian writes the closure Jacobian C (Rows × NV, row-major) at Q into C; in the
// loop form, which keeps no C, it is evaluated there in a closure workspace made for the
// call. A wrong length is a *ShapeError.
func (d *Data) DenseJacobian(C []float64) error {
	rows, nv := d.m.Rows, d.m.NV
	if err := checkLen("DenseJacobian", "C", len(C), rows*nv); err != nil {
		return err
	}
	if rows == 0 || nv == 0 {
		return nil
	}
	cd := d.Closure()
	if cd.C == nil {
		cd = closure.NewData(d.m.Model)
		cd.Jacobian(d.Q)
	}
	raw := cd.C.RawMatrix()
	for i := range rows {
		copy(C[i*nv:i*nv+nv], raw.Data[i*raw.Stride:i*raw.Stride+nv])
	}
	return nil
}

// DenseLift writes the lift E (NV × D, row-major) of the last Constraints (or the call
// that moved Q) into E; a wrong length is a *ShapeError.
func (d *Data) DenseLift(E []float64) error {
	nv, n := d.m.NV, d.Mobility()
	if err := checkLen("DenseLift", "E", len(E), nv*n); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if d.loop != nil {
		return d.loopDenseLift(E)
	}
	if d.Tracker.Lift.IdentityOnly() {
		clear(E)
		for i := range nv {
			E[i*n+i] = 1
		}
		return nil
	}
	raw := d.Tracker.Lift.E.RawMatrix()
	for i := range nv {
		copy(E[i*n:i*n+n], raw.Data[i*raw.Stride:i*raw.Stride+n])
	}
	return nil
}

// DenseTreeMass writes the tree mass matrix M_T (NVT × NVT, row-major) of the last Dynamics
// into M; a wrong length is a *ShapeError.
func (d *Data) DenseTreeMass(M []float64) error {
	nvt := d.m.NVT
	if err := checkLen("DenseTreeMass", "M", len(M), nvt*nvt); err != nil {
		return err
	}
	if d.Reduced.Tree || d.loop != nil {
		d.Kin.Dyn.CRBA(d.Q, M)
		return nil
	}
	copy(M, d.Reduced.MT)
	return nil
}

// DenseReducedMass writes the reduced inertia M_r (D × D, row-major) of the last Dynamics
// into M (for the tree form, M_r = M_T); a wrong length is a *ShapeError.
func (d *Data) DenseReducedMass(M []float64) error {
	n := d.Mobility()
	if err := checkLen("DenseReducedMass", "M", len(M), n*n); err != nil {
		return err
	}
	if d.Reduced.Tree {
		d.Kin.Dyn.CRBA(d.Q, M)
		return nil
	}
	if d.loop != nil {
		return d.loopReducedMass(M)
	}
	copy(M, d.Reduced.Mr)
	return nil
}

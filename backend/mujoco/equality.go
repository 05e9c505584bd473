//go:build mujoco

package mujoco

/*
#include <mujoco/mujoco.h>
*/
import "C"

import "github.com/robocompiler/robocompiler/internal/dense"

// eqRows calls f(r, i) for the r-th equality row, i its index in the efc arrays.
// Equality rows are those with efc_type == mjCNSTR_EQUALITY (MuJoCo puts them
// first, but the scan does not rely on it).
func (d *Data) eqRows(f func(r, i int)) int {
	nefc := int(d.d.nefc)
	if nefc == 0 {
		return 0
	}
	typ := i32(d.d.efc_type, nefc)
	r := 0
	for i, t := range typ {
		if t == C.mjCNSTR_EQUALITY {
			if f != nil {
				f(r, i)
			}
			r++
		}
	}
	return r
}

// EqualityRows returns the number of equality-constraint rows MuJoCo instantiated
// in the last Forward: 3 per active connect, 6 per weld, 1 per joint or tendon
// coupling. It is 0 before the first Forward and when constraints or equalities
// are disabled.
func (d *Data) EqualityRows() int {
	if d.d == nil {
		return 0
	}
	return d.eqRows(nil)
}

// EqualityResiduals copies the equality residuals efc_pos of the last Forward into
// out (length EqualityRows). For connect: anchor on body1 minus anchor on body2,
// world axes, m. For weld rows 4-6: the vector part of the relative orientation
// quaternion scaled by torquescale (MuJoCo's measure, not a log map). For joint
// couplings: q1 - poly(q2).
func (d *Data) EqualityResiduals(out []float64) error {
	if d.d == nil {
		return ErrClosed
	}
	n := d.eqRows(nil)
	dense.CheckLen("mujoco: EqualityResiduals", "out", len(out), n)
	pos := f64(d.d.efc_pos, int(d.d.nefc))
	d.eqRows(func(r, i int) { out[r] = pos[i] })
	return nil
}

// EqualityRowIDs writes, for each equality row, the id of the equality constraint
// (0..NEq-1, see EqualityNames) it belongs to into out (length EqualityRows).
func (d *Data) EqualityRowIDs(out []int) error {
	if d.d == nil {
		return ErrClosed
	}
	n := d.eqRows(nil)
	dense.CheckLen("mujoco: EqualityRowIDs", "out", len(out), n)
	id := i32(d.d.efc_id, int(d.d.nefc))
	d.eqRows(func(r, i int) { out[r] = int(id[i]) })
	return nil
}

// EqualityJacobian writes the equality rows of MuJoCo's constraint Jacobian efc_J
// from the last Forward into out as a dense EqualityRows×NV row-major matrix: row r
// is d(residual r)/d(qvel), so it maps velocities (free and ball joints in MuJoCo's
// qvel convention) to residual rates. MuJoCo 2.2.2 keeps efc_J either dense or in
// compressed sparse rows (Model.SparseJacobian); both are handled.
func (d *Data) EqualityJacobian(out []float64) error {
	if d.d == nil {
		return ErrClosed
	}
	nv := d.nv
	n := d.eqRows(nil)
	dense.CheckLen("mujoco: EqualityJacobian", "out", len(out), n*nv)
	if n == 0 || nv == 0 {
		return nil
	}
	nefc := int(d.d.nefc)
	if C.mj_isSparse(d.m) == 0 {
		J := f64(d.d.efc_J, nefc*nv)
		d.eqRows(func(r, i int) { copy(out[r*nv:(r+1)*nv], J[i*nv:(i+1)*nv]) })
		return nil
	}
	clear(out)
	rownnz := i32(d.d.efc_J_rownnz, nefc)
	rowadr := i32(d.d.efc_J_rowadr, nefc)
	// colind and the values share one addressing; find the used extent.
	end := 0
	for i := range nefc {
		end = max(end, int(rowadr[i]+rownnz[i]))
	}
	colind := i32(d.d.efc_J_colind, end)
	J := f64(d.d.efc_J, end)
	d.eqRows(func(r, i int) {
		a := int(rowadr[i])
		row := out[r*nv : (r+1)*nv]
		for k := a; k < a+int(rownnz[i]); k++ {
			row[colind[k]] = J[k]
		}
	})
	return nil
}

// ConstraintsTruncated reports whether MuJoCo ran out of constraint rows (njmax,
// see Model.NJMax) since the Data was created or Reset, in which case some rows —
// possibly equality rows — were silently dropped.
func (d *Data) ConstraintsTruncated() bool {
	if d.d == nil {
		return false
	}
	return d.d.warning[C.mjWARN_CNSTRFULL].number > 0
}

//go:build mujoco

package mujoco

/*
#include <mujoco/mujoco.h>
*/
import "C"

// SolRef is MuJoCo's solver reference of a soft constraint (mjNREF = 2): with positive
// values, the time constant (s) and the damping ratio of the reference acceleration
// aref = −b·J·qvel − k·r. MuJoCo raises a time constant below 2·Timestep to 2·Timestep.
type SolRef [2]float64

// SolImp is MuJoCo's solver impedance of a soft constraint (mjNIMP = 5): dmin, dmax
// (in [0.0001, 0.9999]; closer to 1 is stiffer), width (m), midpoint and power of the
// impedance curve d(r).
type SolImp [5]float64

// equality checks equality index i and returns the C model.
func (m *Model) equality(i int) (*C.mjModel, error) {
	p := m.ptr()
	if p == nil {
		return nil, ErrClosed
	}
	if n := int(p.neq); i < 0 || i >= n {
		return nil, indexError("equality", i, n)
	}
	return p, nil
}

// EqualitySolver returns the solref and solimp of equality i (0..NEq-1).
func (m *Model) EqualitySolver(i int) (SolRef, SolImp, error) {
	p, err := m.equality(i)
	if err != nil {
		return SolRef{}, SolImp{}, err
	}
	n := int(p.neq)
	var ref SolRef
	var imp SolImp
	copy(ref[:], f64(p.eq_solref, n*C.mjNREF)[i*C.mjNREF:])
	copy(imp[:], f64(p.eq_solimp, n*C.mjNIMP)[i*C.mjNIMP:])
	return ref, imp, nil
}

// SetEqualitySolver sets the solref and solimp of every equality (the next Forward or
// Step uses them). dmin and dmax must lie in [0.0001, 0.9999]. It mutates the shared
// model: do not call it while any Data of this model steps.
func (m *Model) SetEqualitySolver(ref SolRef, imp SolImp) error {
	p := m.ptr()
	if p == nil {
		return ErrClosed
	}
	for _, d := range imp[:2] {
		if !(d >= C.mjMINIMP && d <= C.mjMAXIMP) {
			return errorf("SetEqualitySolver: solimp dmin/dmax %g outside [%g, %g]", d, C.mjMINIMP, C.mjMAXIMP)
		}
	}
	n := int(p.neq)
	refs, imps := f64(p.eq_solref, n*C.mjNREF), f64(p.eq_solimp, n*C.mjNIMP)
	for i := 0; i < n; i++ {
		copy(refs[i*C.mjNREF:], ref[:])
		copy(imps[i*C.mjNIMP:], imp[:])
	}
	return nil
}

// ConstraintRows returns the number of constraint rows (nefc) of the last Forward:
// equality rows plus active joint limits, friction-loss and contact rows.
func (d *Data) ConstraintRows() int {
	if d.d == nil {
		return 0
	}
	return int(d.d.nefc)
}

// FrictionLossEnabled reports whether MuJoCo adds friction-loss constraint rows for
// joints with frictionloss > 0 (mjDSBL_FRICTIONLOSS clear, the default).
func (m *Model) FrictionLossEnabled() bool { return m.enabled(C.mjDSBL_FRICTIONLOSS) }

// SetFrictionLossEnabled switches the friction-loss rows on or off (MJCF
// <option><flag frictionloss="disable"/></option>), e.g. to compare with dynamics that
// have no dry friction. It mutates the shared model: do not call it while any Data of
// this model is evaluated.
func (m *Model) SetFrictionLossEnabled(on bool) error {
	return m.setEnabled(C.mjDSBL_FRICTIONLOSS, on)
}

// LimitsEnabled reports whether MuJoCo adds joint- and tendon-limit constraint rows
// (mjDSBL_LIMIT clear, the default).
func (m *Model) LimitsEnabled() bool { return m.enabled(C.mjDSBL_LIMIT) }

// SetLimitsEnabled switches the limit rows on or off (MJCF <option><flag
// limit="disable"/></option>). It mutates the shared model: do not call it while any
// Data of this model is evaluated.
func (m *Model) SetLimitsEnabled(on bool) error { return m.setEnabled(C.mjDSBL_LIMIT, on) }

// enabled reports whether the mjOption.disableflags bit flag is clear.
func (m *Model) enabled(flag C.int) bool {
	p := m.ptr()
	return p != nil && p.opt.disableflags&flag == 0
}

// setEnabled clears (on) or sets the mjOption.disableflags bit flag.
func (m *Model) setEnabled(flag C.int, on bool) error {
	p := m.ptr()
	if p == nil {
		return ErrClosed
	}
	if on {
		p.opt.disableflags &^= flag
	} else {
		p.opt.disableflags |= flag
	}
	return nil
}

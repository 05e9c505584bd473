package mjcf

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
)

// actuatorModel is an actuator's force law after expanding MuJoCo's shortcuts:
// force = gain·ctrl + bias with gain = gainprm[0] (gaintype fixed) and
// bias = biasprm[0] + biasprm[1]·ℓ + biasprm[2]·ℓ̇ (biastype affine).
type actuatorModel struct {
	dyntype, gaintype, biastype string
	gain                        []float64
	bias                        []float64
}

// shortcut expands the actuator element's shortcut (motor, position, ...) into a force
// law, reading general's own attributes for <general>.
func shortcut(n *node, a *attrs) (actuatorModel, error) {
	m := actuatorModel{dyntype: "none", gaintype: "fixed", biastype: "none", gain: []float64{1}, bias: []float64{0, 0, 0}}
	var err error
	kp, err := a.float("kp", 1)
	if err != nil {
		return m, err
	}
	kv, err := a.float("kv", 0)
	if err != nil {
		return m, err
	}
	switch n.Tag {
	case "general":
		if m.dyntype, err = a.oneOf("dyntype", "none", "none", "integrator", "filter", "filterexact", "muscle", "user"); err != nil {
			return m, err
		}
		if m.gaintype, err = a.oneOf("gaintype", "fixed", "fixed", "affine", "muscle", "user"); err != nil {
			return m, err
		}
		if m.biastype, err = a.oneOf("biastype", "none", "none", "affine", "muscle", "user"); err != nil {
			return m, err
		}
		g, err := a.floats("gainprm", 1, 10)
		if err != nil {
			return m, err
		}
		if g != nil {
			m.gain = g
		}
		bp, err := a.floats("biasprm", 1, 10)
		if err != nil {
			return m, err
		}
		if bp != nil {
			m.bias = bp
		}
		for len(m.bias) < 3 {
			m.bias = append(m.bias, 0)
		}
	case "motor":
	case "position":
		tc, err := a.float("timeconst", 0)
		if err != nil {
			return m, err
		}
		if tc > 0 {
			m.dyntype = "filterexact"
		}
		m.gain, m.biastype, m.bias = []float64{kp}, "affine", []float64{0, -kp, -kv}
	case "velocity":
		kv, err = a.float("kv", 1)
		if err != nil {
			return m, err
		}
		m.gain, m.biastype, m.bias = []float64{kv}, "affine", []float64{0, 0, -kv}
	case "intvelocity":
		m.dyntype, m.gain, m.biastype, m.bias = "integrator", []float64{kp}, "affine", []float64{0, -kp, -kv}
	default: // damper, cylinder, muscle, adhesion: state-dependent laws
		m.gaintype = "other"
	}
	return m, nil
}

// readActuators imports an <actuator> section.
func (b *builder) readActuators(sec *node) error {
	if len(sec.Attrs) > 0 {
		b.warn(sec, "the actuator section takes no attributes; ignored")
	}
	for _, n := range sec.Children {
		b.nact++
		if !actuatorTags[n.Tag] || n.Tag == "plugin" {
			b.warn(n, "unknown or unsupported actuator element; not imported")
			continue
		}
		if err := b.readActuator(n); err != nil {
			return err
		}
	}
	return nil
}

// readActuator imports one actuator with a joint or fixed-tendon transmission as a CMG
// actuator port. Joint transmission: type "joint", ℓ = gear·q. Tendon transmission: type
// "transmission" with terms coef·gear for each joint of the tendon, ℓ = gear·Σ coef·q.
// The port effort f is MuJoCo's scalar actuator force (conjugate to ℓ̇; the joint sees
// gear·f). effort_limits: forcerange when force-limited, intersected with gain·ctrlrange
// when the force is proportional to the control (motor, or general with fixed gain, no
// bias and no activation dynamics) and control-limited — so for a motor, ctrlrange (not
// ctrlrange×gear, which is the joint-torque range) bounds f. For position servos
// (fixed gain, affine bias with biasprm[1] < 0) the control range maps to stroke_limits
// through the servo's set point ℓ* = (gain·ctrl + biasprm[0])/(-biasprm[1]); for
// velocity servos (biasprm[1] = 0, biasprm[2] < 0) to speed_limits likewise. Only
// gear[0] matters for joint and tendon transmissions. Site, body and slider-crank
// transmissions are reported and skipped.
func (b *builder) readActuator(n *node) error {
	a, err := b.resolve(n, "actuator", "")
	if err != nil {
		return err
	}
	b.checkAttrs(n, "actuator")
	var trn []string
	for _, k := range []string{"joint", "jointinparent", "tendon", "site", "body", "cranksite"} {
		if a.has(k) {
			trn = append(trn, k)
		}
	}
	if len(trn) == 0 {
		return errAt(n, "joint", "no transmission: give joint, tendon, site, body or cranksite")
	}
	if len(trn) > 1 {
		return errAt(n, trn[1], "more than one transmission (%s and %s)", trn[0], trn[1])
	}
	switch trn[0] {
	case "site", "body", "cranksite":
		b.warn(n, "%s transmission is not supported; actuator not imported", trn[0])
		return nil
	}
	gear, err := a.floats("gear", 1, 6)
	if err != nil {
		return err
	}
	if gear == nil {
		gear = []float64{1}
	}
	if gear[0] == 0 {
		b.warn(n, "gear[0] is 0, the actuator exerts no force; not imported")
		return nil
	}
	id := n.Name()
	if id == "" {
		id = fmt.Sprintf("actuator%d", b.nact-1)
		for i := 2; b.actIDs[id]; i++ {
			id = fmt.Sprintf("actuator%d_%d", b.nact-1, i)
		}
	} else if b.actIDs[id] {
		return errAt(n, "name", "actuator name %q is used twice", id)
	}

	act := cmg.Actuator{ID: id}
	target, _ := a.str(trn[0])
	var joint *jointInfo
	if trn[0] == "tendon" {
		t := b.tendons[target]
		if t == nil {
			return errAt(n, "tendon", "unknown tendon %q", target)
		}
		if t.spatial {
			b.warn(n, "drives spatial tendon %q, which is not supported; actuator not imported", target)
			return nil
		}
		act.Type = cmg.ActTransmission
		for _, tt := range t.terms {
			act.Transmission = append(act.Transmission, cmg.TransmissionTerm{Joint: tt.Joint, Coef: tt.Coef * gear[0]})
		}
		b.tendonFriction(n, t, gear[0], &act)
	} else {
		ji := b.jointByName[target]
		if ji == nil {
			return errAt(n, trn[0], "unknown joint %q", target)
		}
		if ji.spec.typ != "hinge" && ji.spec.typ != "slide" {
			b.warn(n, "drives %s joint %q: only hinge and slide joints make CMG joint ports; actuator not imported", ji.spec.typ, target)
			return nil
		}
		joint = ji
		act.Type, act.Joint, act.Gear = cmg.ActJoint, ji.id, gear[0]
	}

	m, err := shortcut(n, a)
	if err != nil {
		return err
	}
	if err := b.importDrive(n, a, m, &act); err != nil {
		return err
	}
	if n.Tag == "general" {
		for _, k := range []string{"kp", "kv", "inheritrange"} {
			if a.has(k) {
				b.warn(n, "%s (set here or by the default class) belongs to the position and velocity shortcuts; <general> takes its force law from gaintype, gainprm, biastype and biasprm only: not imported", k)
			}
		}
	}
	ctrl, ctrlLim, err := b.actRange(a, "ctrllimited", "ctrlrange")
	if err != nil {
		return err
	}
	if n.Tag == "position" && joint != nil {
		ih, err := a.float("inheritrange", 0)
		if err != nil {
			return err
		}
		if ih > 0 {
			if !joint.spec.limited {
				return errAt(n, "inheritrange", "joint %q has no range to inherit", target)
			}
			mid, half := (joint.spec.lo+joint.spec.hi)/2, (joint.spec.hi-joint.spec.lo)/2*ih
			ctrl, ctrlLim = [2]float64{(mid - half) / gear[0], (mid + half) / gear[0]}, true
			if ctrl[0] > ctrl[1] {
				ctrl[0], ctrl[1] = ctrl[1], ctrl[0]
			}
		}
	}
	force, forceLim, err := b.actRange(a, "forcelimited", "forcerange")
	if err != nil {
		return err
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	if forceLim {
		lo, hi = force[0], force[1]
	}
	fixedGain := m.gaintype == "fixed" && len(m.gain) > 0
	if ctrlLim && fixedGain && (m.dyntype == "none" || act.Drive != nil) && m.biastype == "none" {
		f0, f1 := sorted2(m.gain[0]*ctrl[0], m.gain[0]*ctrl[1])
		lo, hi = math.Max(lo, f0), math.Min(hi, f1)
	}
	if lo > hi {
		b.warn(n, "forcerange and gain·ctrlrange do not overlap; effort limits not imported")
	} else if !math.IsInf(lo, 0) || !math.IsInf(hi, 0) {
		act.EffortLimits = &[2]float64{lo, hi}
	}
	if ctrlLim && fixedGain && m.biastype == "affine" && (m.dyntype == "none" || m.dyntype == "filter" || m.dyntype == "filterexact") {
		g, b0, b1, b2 := m.gain[0], m.bias[0], m.bias[1], m.bias[2]
		switch {
		case b1 < 0:
			s0, s1 := sorted2(g/-b1*ctrl[0]+b0/-b1, g/-b1*ctrl[1]+b0/-b1)
			act.StrokeLimits = &[2]float64{s0, s1}
		case b1 == 0 && b2 < 0:
			s0, s1 := sorted2(g/-b2*ctrl[0]+b0/-b2, g/-b2*ctrl[1]+b0/-b2)
			act.SpeedLimits = &[2]float64{s0, s1}
		}
	}
	b.actIDs[id] = true
	b.g.Actuators = append(b.g.Actuators, act)
	return nil
}

// actRange reads a ctrlrange/forcerange with its limited flag.
func (b *builder) actRange(a *attrs, flag, rng string) ([2]float64, bool, error) {
	lim, err := b.limited(a, flag, rng)
	if err != nil || !lim {
		return [2]float64{}, false, err
	}
	r, err := a.floats(rng, 2, 2)
	if err != nil {
		return [2]float64{}, false, err
	}
	if r[0] > r[1] {
		return [2]float64{}, false, errAt(a.n, rng, "lower bound %g exceeds upper bound %g", r[0], r[1])
	}
	return [2]float64{r[0], r[1]}, true, nil
}

// sorted2 returns x and y in increasing order.
func sorted2(x, y float64) (float64, float64) {
	if x > y {
		return y, x
	}
	return x, y
}

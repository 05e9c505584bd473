package mjcf

import (
	"encoding/xml"
	"math"
	"sort"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
)

// Drives and port friction between CMG actuator records and MuJoCo.
//
// Import. An actuator with first-order activation dynamics (dyntype filter or
// filterexact, act_dot = (ctrl − act)/dynprm[0]) and a force proportional to the
// activation (fixed gain, no bias) is a port with a lag drive: the port effort
// f = gain·act lags gain·ctrl with the time constant dynprm[0]. Other activation
// dynamics (integrator, muscle, user, or a filtered servo set point) have no CMG drive
// and are reported. A fixed tendon's damping and frictionloss become the damping and
// friction of the (first) actuator that drives it, in port units: ℓ = gear·L_tendon, so
// damping/gear² and frictionloss/|gear|. Joint damping and frictionloss are imported
// with the joints.
//
// Export. A lag drive becomes a <general> actuator with dyntype filter and
// dynprm = time_constant (gain 1, so ctrl is the command c and the force the effort f);
// a servo drive has no MuJoCo counterpart (MuJoCo's activation dynamics are first order)
// and is refused. Port damping and friction become the damping and frictionloss of the
// tendon the actuator pulls; a joint port with friction is therefore written as a fixed
// tendon over its joint (coef = gear, ℓ = gear·q) so that the friction acts on ℓ.
// MuJoCo's frictionloss is a dry-friction constraint, not the smooth tanh law of the
// rollouts, and friction_velocity has no counterpart.

// importDrive sets act's drive from the actuator's activation dynamics m (attributes a
// of element n), and reports the dynamics it cannot import.
func (b *builder) importDrive(n *node, a *attrs, m actuatorModel, act *cmg.Actuator) error {
	switch m.dyntype {
	case "none":
		return nil
	case "filter", "filterexact":
		if m.gaintype != "fixed" || m.biastype != "none" {
			b.warn(n, "activation dynamics (dyntype %s) filter a servo's set point, which no CMG drive describes; not imported", m.dyntype)
			return nil
		}
		prm, err := a.floats("dynprm", 1, 10)
		if err != nil {
			return err
		}
		tc := 1.0 // MuJoCo's default dynprm[0]
		if prm != nil {
			tc = prm[0]
		}
		if !(tc > 0) {
			return errAt(n, "dynprm", "the filter time constant dynprm[0] = %g must be positive", tc)
		}
		act.Drive = &cmg.Drive{Type: cmg.DriveLag, TimeConstant: tc}
	default:
		b.warn(n, "activation dynamics dyntype %s have no CMG drive; not imported (the port effort is the force without them)", m.dyntype)
	}
	return nil
}

// tendonFriction gives act (driving tendon t with gear) the tendon's damping and
// friction in port units, once per tendon.
func (b *builder) tendonFriction(n *node, t *tendon, gear float64, act *cmg.Actuator) {
	if t.damping == 0 && t.friction == 0 {
		return
	}
	if t.lossOwner != "" {
		b.warn(n, "tendon damping and frictionloss are already carried by actuator %q; not imported again", t.lossOwner)
		return
	}
	t.lossOwner = act.ID
	act.Damping, act.Friction = t.damping/(gear*gear), t.friction/math.Abs(gear)
}

// exportDrive writes a's drive onto its MuJoCo actuator mo.
func exportDrive(m *compile.Model, a *cmg.Actuator, mo *mjMotor) error {
	if a.Drive == nil {
		return nil
	}
	switch a.Drive.Type {
	case cmg.DriveLag:
		mo.XMLName = xml.Name{Local: "general"}
		mo.DynType, mo.DynPrm = "filter", nums(a.Drive.TimeConstant)
		return nil
	}
	return exportError(m, "actuator", a.ID, "drive.type",
		"a %s drive has no MuJoCo counterpart (MuJoCo's actuator dynamics are first order; only lag drives export)", a.Drive.Type)
}

// portLosses reports whether a declares port damping or friction.
func portLosses(a *cmg.Actuator) bool { return a.Damping != 0 || a.Friction != 0 }

// exportLosses writes a's port damping and friction onto the tendon t it pulls.
func exportLosses(a *cmg.Actuator, t *mjTendon) {
	t.Damping, t.FrictionLoss = optional(a.Damping), optional(a.Friction)
}

// tendonFrictionRows counts the constraint rows of the tendons' friction loss.
func tendonFrictionRows(ts []mjTendon) int {
	n := 0
	for _, t := range ts {
		if t.FrictionLoss != "" {
			n++
		}
	}
	return n
}

// undrivenTendonLosses reports the fixed tendons whose damping or frictionloss no
// actuator carried into a port (in file order).
func (b *builder) undrivenTendonLosses() {
	var ts []*tendon
	for _, t := range b.tendons {
		if !t.spatial && t.lossOwner == "" && (t.damping != 0 || t.friction != 0) {
			ts = append(ts, t)
		}
	}
	sort.Slice(ts, func(i, j int) bool {
		if ts[i].n.File != ts[j].n.File {
			return ts[i].n.File < ts[j].n.File
		}
		return ts[i].n.Line < ts[j].n.Line
	})
	for _, t := range ts {
		b.warn(t.n, "tendon damping and frictionloss act on the tendon's length, which only an actuator's port carries, and no actuator drives this tendon; not imported")
	}
}

// statefulLast moves the actuators with a drive (MuJoCo activation states) after the
// stateless ones, keeping the order within each group: MuJoCo requires stateless
// actuators to come first. Ports map to controls by name, not by position.
func statefulLast(acts []cmg.Actuator) {
	sort.SliceStable(acts, func(i, j int) bool { return acts[i].Drive == nil && acts[j].Drive != nil })
}

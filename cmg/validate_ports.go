package cmg

import (
	"slices"
	"strings"
)

// checkCouplings checks couplings: ids, 1-DoF master and slave that differ, a nonzero
// multiplier.
func (v *validator) checkCouplings() {
	v.checkIDs("couplings", "coupling", len(v.g.Couplings), func(i int) string { return v.g.Couplings[i].ID })
	for i, c := range v.g.Couplings {
		path := []any{"couplings", i}
		okM := v.jointRef(appendPath(path, "master"), c.Master, oneDoFJoint, "a coupling") != nil
		okS := v.jointRef(appendPath(path, "slave"), c.Slave, oneDoFJoint, "a coupling") != nil
		if okM && okS && c.Master == c.Slave {
			v.report(appendPath(path, "slave"), "joint %q is coupled to itself; master and slave must be different joints", c.Slave)
		}
		if c.Multiplier == 0 && v.finite("couplings", i) {
			v.report(appendPath(path, "multiplier"), "multiplier is 0, which would lock the slave at the offset; give a nonzero multiplier (or make the slave a fixed joint)")
		}
	}
}

// actuatorTypes are the valid actuator types.
var actuatorTypes = []string{ActJoint, ActTransmission, ActTwoPoint}

// actuatorFields are the type-specific fields each actuator type uses.
var actuatorFields = map[string][]string{
	ActJoint:        {"joint", "gear"},
	ActTransmission: {"transmission"},
	ActTwoPoint:     {"body_a", "point_a", "body_b", "point_b"},
}

// checkActuators checks actuator ports: ids, type, what each type references, fields the
// type does not use, and [lower, upper] bounds.
func (v *validator) checkActuators() {
	v.checkIDs("actuators", "actuator", len(v.g.Actuators), func(i int) string { return v.g.Actuators[i].ID })
	for i, a := range v.g.Actuators {
		path := []any{"actuators", i}
		switch a.Type {
		case ActJoint:
			v.jointRef(appendPath(path, "joint"), a.Joint, oneDoFJoint, "a joint actuator")
		case ActTransmission:
			v.checkTransmission(appendPath(path, "transmission"), a.Transmission, v.finite("actuators", i))
		case ActTwoPoint:
			v.checkTwoPoint(path, a)
		default:
			valid := strings.Join(actuatorTypes, ", ")
			if a.Type == "" {
				v.report(appendPath(path, "type"), "actuator has no type; give one of %s", valid)
			} else {
				v.report(appendPath(path, "type"), "unknown actuator type %q%s; valid types are %s", a.Type, didYouMean(a.Type, actuatorTypes), valid)
			}
			continue
		}
		for _, f := range []struct {
			name string
			set  bool
		}{{"joint", a.Joint != ""}, {"gear", a.Gear != 0}, {"transmission", a.Transmission != nil},
			{"body_a", a.BodyA != ""}, {"point_a", a.PointA != nil}, {"body_b", a.BodyB != ""}, {"point_b", a.PointB != nil}} {
			if f.set && !slices.Contains(actuatorFields[a.Type], f.name) {
				v.report(appendPath(path, f.name), "a %s actuator does not use %q; remove it", a.Type, f.name)
			}
		}
		if !v.finite("actuators", i) {
			continue
		}
		for _, b := range []struct {
			name string
			x    *[2]float64
		}{{"effort_limits", a.EffortLimits}, {"stroke_limits", a.StrokeLimits}, {"speed_limits", a.SpeedLimits}} {
			if b.x != nil && b.x[0] > b.x[1] {
				v.report(appendPath(path, b.name), "lower bound %g exceeds upper bound %g; give [lower, upper] with lower <= upper", b.x[0], b.x[1])
			}
		}
		v.checkPortDynamics(path, a)
	}
}

// checkTransmission checks the terms of a linear transmission: at least one, each on a
// distinct 1-DoF joint with a nonzero coefficient.
func (v *validator) checkTransmission(path []any, terms []TransmissionTerm, finite bool) {
	if len(terms) == 0 {
		v.report(path, "a transmission actuator needs at least one term {\"joint\": id, \"coef\": c}")
		return
	}
	seen := map[string]int{}
	for k, t := range terms {
		tp := appendPath(path, k)
		if v.jointRef(appendPath(tp, "joint"), t.Joint, oneDoFJoint, "a transmission term") != nil {
			if first, dup := seen[t.Joint]; dup {
				v.report(appendPath(tp, "joint"), "joint %q already has a term (transmission[%d]); give each joint one term", t.Joint, first)
			} else {
				seen[t.Joint] = k
			}
		}
		if t.Coef == 0 && finite {
			v.report(appendPath(tp, "coef"), "coef is 0, so the term adds nothing; give a nonzero coefficient or drop the term")
		}
	}
}

// checkTwoPoint checks a two-point actuator: both ends given, on different bodies, so
// that its two attachment points are not fixed to each other.
func (v *validator) checkTwoPoint(path []any, a Actuator) {
	okA := v.bodyRef(appendPath(path, "body_a"), a.BodyA)
	okB := v.bodyRef(appendPath(path, "body_b"), a.BodyB)
	for _, p := range []struct {
		name, body string
		x          *[3]float64
	}{{"point_a", "body_a", a.PointA}, {"point_b", "body_b", a.PointB}} {
		if p.x == nil {
			v.report(appendPath(path, p.name), "a two_point actuator needs %s: the attachment point in %s's frame (m)", p.name, p.body)
		}
	}
	if !okA || !okB || a.BodyA != a.BodyB || a.PointA == nil || a.PointB == nil {
		return
	}
	if *a.PointA == *a.PointB {
		v.report(appendPath(path, "point_b"), "point_a and point_b coincide on %q, so the actuator has no length or direction; attach its ends to two different bodies", a.BodyA)
	} else {
		v.report(appendPath(path, "body_b"), "both ends are fixed to %q, so the length never changes; attach body_b to another body", a.BodyA)
	}
}

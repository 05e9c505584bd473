package cmg

import (
	"fmt"
	"math"
	"strings"

	"github.com/robocompiler/robocompiler/spatial"
)

// checkJoints checks every joint: id, type, bodies, frames, axes, pitch, limits and the
// non-negative joint parameters.
func (v *validator) checkJoints() {
	v.checkIDs("joints", "joint", len(v.g.Joints), func(i int) string { return v.g.Joints[i].ID })
	for i, j := range v.g.Joints {
		path := []any{"joints", i}
		t := v.checkJointType(appendPath(path, "type"), j.Type)
		v.checkEnds(path, j.BodyA, j.BodyB, "joint")
		if !v.finite("joints", i) {
			continue
		}
		v.checkFrame(appendPath(path, "frame_a"), j.FrameA)
		v.checkFrame(appendPath(path, "frame_b"), j.FrameB)
		if t == nil {
			continue
		}
		v.checkJointAxes(path, j, t)
		what := "a " + t.name + " joint"
		switch {
		case t.name == JointHelical && j.Pitch == 0:
			v.report(appendPath(path, "pitch"), "a helical joint needs a nonzero pitch in m/rad (with pitch 0 it is a revolute joint)")
		case t.name != JointHelical && j.Pitch != 0:
			v.report(appendPath(path, "pitch"), "pitch applies only to helical joints; remove it from %s", what)
		}
		if j.Limits != nil {
			v.checkLimits(appendPath(path, "limits"), *j.Limits, t)
		}
		for _, p := range []struct {
			name string
			x    float64
		}{{"armature", j.Armature}, {"damping", j.Damping}, {"friction", j.Friction}, {"friction_velocity", j.FrictionVelocity}} {
			if p.x < 0 {
				v.report(appendPath(path, p.name), "%s must be >= 0 (got %g)", p.name, p.x)
			}
		}
	}
	// Joints and declared loop cuts are both reported as cuts: their ids must not clash.
	for i, c := range v.g.LoopCuts {
		if _, clash := v.joints[c.ID]; clash && c.ID != "" {
			v.report([]any{"loop_cuts", i, "id"}, "id %q is also a joint's id; joints and loop cuts share one namespace", c.ID)
		}
	}
}

// checkJointType checks a joint type name and returns its description, or nil.
func (v *validator) checkJointType(path []any, typ string) *jointTypeInfo {
	if t := jointType(typ); t != nil {
		return t
	}
	valid := strings.Join(JointTypes(), ", ")
	switch {
	case typ == "":
		v.report(path, "joint has no type; give one of %s", valid)
	case mjcfJointTypes[strings.ToLower(typ)] != "":
		v.report(path, "unknown joint type %q; valid types are %s (%q in other formats is %q here)", typ, valid, typ, mjcfJointTypes[strings.ToLower(typ)])
	default:
		v.report(path, "unknown joint type %q%s; valid types are %s", typ, didYouMean(typ, JointTypes()), valid)
	}
	return nil
}

// checkEnds checks the two body references of a joint or loop cut and that they differ.
func (v *validator) checkEnds(path []any, a, b, kind string) {
	okA := v.bodyRef(appendPath(path, "body_a"), a)
	okB := v.bodyRef(appendPath(path, "body_b"), b)
	if okA && okB && a == b {
		v.report(appendPath(path, "body_b"), "the %s connects %q to itself; body_a and body_b must be different bodies", kind, a)
	}
}

// checkJointAxes checks axis and axis2 against what the joint type takes.
func (v *validator) checkJointAxes(path []any, j Joint, t *jointTypeInfo) {
	what := "a " + t.name + " joint"
	var a spatial.Vec3
	okA := false
	if t.axis {
		a, okA = v.checkUnitAxis(appendPath(path, "axis"), "axis", j.Axis, what)
	} else if j.Axis != nil {
		v.report(appendPath(path, "axis"), "%s takes no axis; remove it", what)
	}
	if !t.axis2 {
		if j.Axis2 != nil {
			v.report(appendPath(path, "axis2"), "%s takes no axis2 (only universal joints do); remove it", what)
		}
		return
	}
	b, okB := v.checkUnitAxis(appendPath(path, "axis2"), "axis2", j.Axis2, what)
	if okA && okB {
		if d := a.Dot(b); math.Abs(d) > orthoTol {
			v.report(appendPath(path, "axis2"), "axis2 must be perpendicular to axis (axis·axis2 = %.3g)", d)
		}
	}
}

// checkLimits checks that a joint's limits have one lower and one upper bound per limited
// coordinate (the first min(nq, 3)) and lower <= upper.
func (v *validator) checkLimits(path []any, l Limits, t *jointTypeInfo) {
	n := min(t.nq, 3)
	if n == 0 {
		v.report(path, "a fixed joint has no coordinates to limit; remove limits")
		return
	}
	ok := true
	for _, s := range []struct {
		name string
		x    []float64
	}{{"lower", l.Lower}, {"upper", l.Upper}} {
		if len(s.x) != n {
			v.report(appendPath(path, s.name), "a %s joint's limits take %d %s value(s) (its coordinates: %s), got %d", t.name, n, s.name, t.coords, len(s.x))
			ok = false
		}
	}
	if !ok {
		return
	}
	for k := range n {
		if l.Lower[k] > l.Upper[k] {
			v.report(appendPath(path, "lower", k), "lower limit %g exceeds upper limit %g; give lower <= upper", l.Lower[k], l.Upper[k])
		}
	}
}

// checkLoopCuts checks declared loop cuts: id, type, bodies, frames, and the axes each
// type takes (universal: axis and axis2; revolute: axis; point and weld: none).
func (v *validator) checkLoopCuts() {
	v.checkIDs("loop_cuts", "loop cut", len(v.g.LoopCuts), func(i int) string { return v.g.LoopCuts[i].ID })
	for i, c := range v.g.LoopCuts {
		path := []any{"loop_cuts", i}
		rows, known := cutTypeRows[c.Type]
		if !known {
			v.report(appendPath(path, "type"), "unknown loop-cut type %q%s; valid types are %s", c.Type, didYouMean(c.Type, CutTypes()), strings.Join(CutTypes(), ", "))
		}
		v.checkEnds(path, c.BodyA, c.BodyB, "loop cut")
		if !v.finite("loop_cuts", i) {
			continue
		}
		v.checkFrame(appendPath(path, "frame_a"), c.FrameA)
		v.checkFrame(appendPath(path, "frame_b"), c.FrameB)
		if !known {
			continue
		}
		what := fmt.Sprintf("a %s loop cut (%d rows)", c.Type, rows)
		wantAxis, wantAxis2 := c.Type == CutUniversal || c.Type == CutRevolute, c.Type == CutUniversal
		if wantAxis {
			v.checkUnitAxis(appendPath(path, "axis"), "axis", c.Axis, what)
		} else if c.Axis != nil {
			v.report(appendPath(path, "axis"), "%s takes no axis; remove it", what)
		}
		if wantAxis2 {
			v.checkUnitAxis(appendPath(path, "axis2"), "axis2", c.Axis2, what)
		} else if c.Axis2 != nil {
			v.report(appendPath(path, "axis2"), "%s takes no axis2 (only universal cuts do); remove it", what)
		}
	}
}

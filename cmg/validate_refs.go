package cmg

import "fmt"

// checkIDs reports empty and repeated ids among the n records of one section; id(i)
// returns record i's id.
func (v *validator) checkIDs(section, kind string, n int, id func(i int) string) {
	first := map[string]int{}
	for i := range n {
		path := []any{section, i, "id"}
		s := id(i)
		if s == "" {
			v.report(path, "id is empty; give every %s a unique, non-empty id", kind)
			continue
		}
		if j, dup := first[s]; dup {
			v.report(path, "duplicate id %q (also %s[%d]); ids must be unique among %s", s, section, j, section)
			continue
		}
		first[s] = i
	}
}

// bodyNames returns the names a body reference may take: the ground, then the bodies.
func (v *validator) bodyNames() []string {
	names := []string{v.ground}
	for _, b := range v.g.Bodies {
		names = append(names, b.ID)
	}
	return names
}

// bodyRef checks that id, found at path, names the ground or a body. It reports a problem
// and returns false otherwise.
func (v *validator) bodyRef(path []any, id string) bool {
	if id == v.ground {
		return true
	}
	if _, ok := v.bodies[id]; ok && id != "" {
		return true
	}
	names := v.bodyNames()
	if id == "" {
		v.report(path, "names no body; give the id of a body or the ground %q", v.ground)
		return false
	}
	v.report(path, "unknown body %q%s; valid are the ground %q and the bodies %s",
		id, didYouMean(id, names), v.ground, listNames(names[1:]))
	return false
}

// jointNames returns the ids of the joints whose type satisfies keep.
func (v *validator) jointNames(keep func(t *jointTypeInfo) bool) []string {
	var names []string
	for _, j := range v.g.Joints {
		if t := jointType(j.Type); t != nil && keep(t) && j.ID != "" {
			names = append(names, j.ID)
		}
	}
	return names
}

// Requirements on a referenced joint.
const (
	movingJoint = iota // not fixed
	oneDoFJoint        // exactly one velocity coordinate: revolute, prismatic, helical
)

// jointRef checks that id, found at path, names a joint that meets need (movingJoint or
// oneDoFJoint); use says what the reference is for ("a coupling"). It
// returns the joint's type, or nil after reporting a problem.
func (v *validator) jointRef(path []any, id string, need int, use string) *jointTypeInfo {
	meets := func(t *jointTypeInfo) bool {
		if need == oneDoFJoint {
			return t.nv == 1
		}
		return t.nv > 0
	}
	// wanted says what a valid reference is, for the messages below.
	wanted := func() string {
		kind := "moving joint"
		if need == oneDoFJoint {
			kind = "1-DoF joint (revolute, prismatic or helical)"
		}
		return fmt.Sprintf("%s needs a %s: %s", use, kind, listNames(v.jointNames(meets)))
	}
	if id == "" {
		v.report(path, "names no joint; %s", wanted())
		return nil
	}
	i, ok := v.joints[id]
	if !ok {
		msg := fmt.Sprintf("unknown joint %q%s; %s", id, didYouMean(id, v.jointNames(meets)), wanted())
		if v.g.LoopCut(id) != nil {
			msg += fmt.Sprintf(" (%q is a loop cut, not a joint)", id)
		}
		v.report(path, "%s", msg)
		return nil
	}
	t := jointType(v.g.Joints[i].Type)
	if t == nil {
		return nil // the joint's own record reports its type
	}
	if !meets(t) {
		what := "a " + t.name + " joint"
		if t.nv > 1 {
			what += fmt.Sprintf(" with %d degrees of freedom", t.nv)
		}
		v.report(path, "joint %q is %s; %s", id, what, wanted())
		return nil
	}
	return t
}

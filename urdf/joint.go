package urdf

import (
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// jointTypes maps URDF joint types to CMG joint types.
var jointTypes = map[string]string{
	"revolute":   "revolute",
	"continuous": "revolute",
	"prismatic":  "prismatic",
	"fixed":      "fixed",
	"floating":   "free",
	"planar":     "planar",
}

// readJoint converts a <joint>. The joint frame is the child link frame: frame_a is the
// joint origin in the parent link, frame_b the identity, and the axis (default 1 0 0,
// normalised) is expressed in it; a planar joint's axis is the plane normal. revolute
// and prismatic joints take lower/upper from <limit> (effort and velocity are not
// joint data in a CMG and are ignored); continuous joints are unlimited revolute joints.
// <dynamics> gives damping and friction. <mimic> becomes the coupling
// q_this = multiplier·q_mimicked + offset, with this joint the slave.
func (b *builder) readJoint(n *node) (cmg.Joint, *cmg.Coupling, error) {
	name, _ := n.Attr("name")
	rec := jointRecord(name)
	b.checkAttrs(n, rec, "joint")
	b.checkChildren(n, rec, "origin", "parent", "child", "axis", "limit", "dynamics", "mimic", "calibration", "safety_controller")
	j := cmg.Joint{ID: name}
	ut, ok := n.Attr("type")
	if !ok {
		return j, nil, b.errf(n, rec, "type", "required attribute missing")
	}
	if j.Type, ok = jointTypes[ut]; !ok {
		return j, nil, b.errf(n, rec, "type", "%q is not a URDF joint type: use revolute, continuous, prismatic, fixed, floating or planar", ut)
	}
	for _, end := range []struct {
		tag string
		dst *string
	}{{"parent", &j.BodyA}, {"child", &j.BodyB}} {
		c := n.Child(end.tag)
		if c == nil {
			return j, nil, b.errf(n, rec, "", "<%s link=...> is required", end.tag)
		}
		l, ok := c.Attr("link")
		if !ok || l == "" {
			return j, nil, b.errf(c, rec, "link", "required attribute missing")
		}
		if b.links[l] == nil {
			return j, nil, b.errf(c, rec, "link", "unknown link %q", l)
		}
		*end.dst = l
	}
	if j.BodyA == j.BodyB {
		return j, nil, b.errf(n.Child("child"), rec, "link", "parent and child are the same link %q", j.BodyA)
	}
	X, err := b.origin(n, rec)
	if err != nil {
		return j, nil, err
	}
	j.FrameA = cmgFrame(X)
	j.FrameB = cmgFrame(spatial.Identity())

	if j.Type == "revolute" || j.Type == "prismatic" || j.Type == "planar" {
		ax := spatial.Vec3{1, 0, 0}
		if a := n.Child("axis"); a != nil {
			v, err := b.floats(a, rec, "xyz", 3, []float64{1, 0, 0})
			if err != nil {
				return j, nil, err
			}
			ax = spatial.Vec3{v[0], v[1], v[2]}
			if ax.Norm() < 1e-10 {
				return j, nil, b.errf(a, rec, "xyz", "zero-length axis: give a nonzero direction")
			}
		}
		u := [3]float64(ax.Scale(1 / ax.Norm()))
		j.Axis = &u
	}

	if ut == "revolute" || ut == "prismatic" {
		lim := n.Child("limit")
		if lim == nil {
			return j, nil, b.errf(n, rec, "", "a %s joint needs <limit> (URDF requires it)", ut)
		}
		_, hasLo := lim.Attr("lower")
		_, hasHi := lim.Attr("upper")
		if !hasLo && !hasHi {
			b.warn(lim, rec, "no lower or upper limit: imported unlimited (URDF would read [0, 0])")
		} else {
			lo, err := b.float(lim, rec, "lower", 0)
			if err != nil {
				return j, nil, err
			}
			hi, err := b.float(lim, rec, "upper", 0)
			if err != nil {
				return j, nil, err
			}
			if lo > hi {
				return j, nil, b.errf(lim, rec, "lower", "lower limit %g exceeds upper limit %g", lo, hi)
			}
			j.Limits = &cmg.Limits{Lower: []float64{lo}, Upper: []float64{hi}}
		}
	}
	if d := n.Child("dynamics"); d != nil {
		if j.Damping, err = b.float(d, rec, "damping", 0); err != nil {
			return j, nil, err
		}
		if j.Friction, err = b.float(d, rec, "friction", 0); err != nil {
			return j, nil, err
		}
		if j.Damping < 0 || j.Friction < 0 {
			return j, nil, b.errf(d, rec, "", "damping and friction must not be negative")
		}
	}
	var cp *cmg.Coupling
	if m := n.Child("mimic"); m != nil {
		master, ok := m.Attr("joint")
		if !ok || master == "" {
			return j, nil, b.errf(m, rec, "joint", "required attribute missing")
		}
		mult, err := b.float(m, rec, "multiplier", 1)
		if err != nil {
			return j, nil, err
		}
		off, err := b.float(m, rec, "offset", 0)
		if err != nil {
			return j, nil, err
		}
		cp = &cmg.Coupling{ID: name + "__mimic", Master: master, Slave: name, Multiplier: mult, Offset: off}
	}
	return j, cp, nil
}

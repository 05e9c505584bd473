package mjcf

import (
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// jointSpec is a resolved MJCF joint, its anchor and axis in the body frame.
type jointSpec struct {
	n        *node
	name     string
	typ      string // hinge, slide, ball, free
	pos      spatial.Vec3
	axis     spatial.Vec3 // unit
	limited  bool
	lo, hi   float64 // rad or m
	ref      float64 // rad or m (hinge, slide)
	armature float64
	damping  float64
	friction float64
}

// readJoint resolves a <joint> (or <freejoint/>, which takes no defaults) placed by the
// accumulated frame X. Angles (hinge and ball range, hinge ref) follow the compiler's
// angle unit. A joint is limited when limited="true", or when a range is given and
// limited is unset or "auto" (with autolimits="false" MuJoCo would reject such a file;
// the importer warns and treats it as limited).
func (b *builder) readJoint(n *node, X spatial.Transform, class string) (*jointSpec, error) {
	j := &jointSpec{n: n, axis: spatial.Vec3{0, 0, 1}}
	if n.Tag == "freejoint" {
		b.checkAttrs(n, "freejoint")
		j.name, j.typ = n.Name(), "free"
		return j, nil
	}
	a, err := b.resolve(n, "joint", class)
	if err != nil {
		return nil, err
	}
	b.checkAttrs(n, "joint")
	j.name = n.Name()
	if j.typ, err = a.oneOf("type", "hinge", "hinge", "slide", "ball", "free"); err != nil {
		return nil, err
	}
	pos, err := a.vec3("pos", [3]float64{})
	if err != nil {
		return nil, err
	}
	axis, err := a.vec3("axis", [3]float64{0, 0, 1})
	if err != nil {
		return nil, err
	}
	ax := spatial.Vec3(axis)
	if (j.typ == "hinge" || j.typ == "slide") && ax.Norm() < minNorm {
		return nil, errAt(n, "axis", "zero-length axis %v: give a nonzero direction", axis)
	}
	if ax.Norm() >= minNorm {
		j.axis = X.R.MulVec(ax.Scale(1 / ax.Norm()))
	}
	j.pos = X.Apply(spatial.Vec3(pos))

	angular := j.typ == "hinge" || j.typ == "ball"
	if j.ref, err = a.float("ref", 0); err != nil {
		return nil, err
	}
	if j.typ == "hinge" {
		j.ref = b.comp.angle(j.ref)
	} else if j.typ != "slide" {
		j.ref = 0
	}
	if j.limited, err = b.limited(a, "limited", "range"); err != nil {
		return nil, err
	}
	if j.limited {
		r, err := a.floats("range", 2, 2)
		if err != nil {
			return nil, err
		}
		j.lo, j.hi = r[0], r[1]
		if angular {
			j.lo, j.hi = b.comp.angle(j.lo), b.comp.angle(j.hi)
		}
		if j.lo > j.hi {
			return nil, errAt(n, "range", "lower limit %g exceeds upper limit %g", r[0], r[1])
		}
		switch j.typ {
		case "ball":
			b.warn(n, "ball joint cone limit (range) is not imported: CMG limits bound coordinates, not the rotation angle")
			j.limited = false
		case "free":
			j.limited = false
		}
	}
	for _, f := range []struct {
		k string
		p *float64
	}{{"armature", &j.armature}, {"damping", &j.damping}, {"frictionloss", &j.friction}} {
		if *f.p, err = a.float(f.k, 0); err != nil {
			return nil, err
		}
		if *f.p < 0 {
			return nil, errAt(n, f.k, "negative value %g", *f.p)
		}
	}
	return j, nil
}

// limited decides whether a range attribute is in force, from its limited-style flag
// (false, true, auto) and the compiler's autolimits.
func (b *builder) limited(a *attrs, flag, rng string) (bool, error) {
	t, err := a.tri(flag)
	if err != nil {
		return false, err
	}
	has := a.has(rng)
	switch t {
	case triTrue:
		if !has {
			return false, errAt(a.n, rng, "%s=\"true\" needs a %s", flag, rng)
		}
		return true, nil
	case triFalse:
		return false, nil
	}
	if has && !b.comp.autolimits {
		b.warn(a.n, "%s given without %s while autolimits=\"false\" (MuJoCo rejects this); treated as limited", rng, flag)
	}
	return has, nil
}

// cmgType maps an MJCF joint type to the CMG joint type.
func (j *jointSpec) cmgType() string {
	switch j.typ {
	case "hinge":
		return "revolute"
	case "slide":
		return "prismatic"
	case "ball":
		return "spherical"
	}
	return "free"
}

// nq is the number of position coordinates of the joint.
func (j *jointSpec) nq() int {
	switch j.typ {
	case "ball":
		return 4
	case "free":
		return 7
	}
	return 1
}

// refFrame returns the joint frame in the child body at the joint's reference value:
// the anchor, displaced by ref along the axis (slide) or turned by ref about it (hinge).
// With it, X(q) = A·Q(q)·B⁻¹ reproduces MuJoCo's motion Q(q - ref) about the anchor, so
// joint values mean the same in the CMG and in MuJoCo's qpos.
func (j *jointSpec) refFrame() spatial.Transform {
	switch j.typ {
	case "hinge":
		return spatial.Transform{R: spatial.ExpSO3(j.axis.Scale(j.ref)), P: j.pos}
	case "slide":
		return spatial.Transform{R: spatial.Identity3(), P: j.pos.Add(j.axis.Scale(j.ref))}
	}
	return spatial.Transform{R: spatial.Identity3(), P: j.pos}
}

// toCMG builds the CMG joint between bodyA and bodyB with frame_a = A (the joint frame
// in bodyA) and frame_b = the reference frame in bodyB.
func (j *jointSpec) toCMG(id, bodyA, bodyB string, A spatial.Transform) cmg.Joint {
	out := cmg.Joint{
		ID: id, Type: j.cmgType(), BodyA: bodyA, BodyB: bodyB,
		FrameA: cmgFrame(A), FrameB: cmgFrame(j.refFrame()),
		Armature: j.armature, Damping: j.damping, Friction: j.friction,
	}
	if j.typ == "hinge" || j.typ == "slide" {
		ax := [3]float64(j.axis)
		out.Axis = &ax
		if j.limited {
			out.Limits = &cmg.Limits{Lower: []float64{j.lo}, Upper: []float64{j.hi}}
		}
	}
	return out
}

// cmgFrame converts a transform to a CMG frame; the rotation is written as a quaternion
// and omitted when it is the identity.
func cmgFrame(t spatial.Transform) cmg.Frame {
	f := cmg.Frame{Pos: [3]float64(t.P)}
	if !isIdentity(t.R) {
		q := [4]float64(spatial.QuatFromMat3(t.R))
		f.Quat = &q
	}
	return f
}

// isIdentity reports whether r is exactly the identity.
func isIdentity(r spatial.Mat3) bool {
	return r == spatial.Identity3()
}

// qpos0 returns the joint's reference coordinates (MuJoCo's qpos0): ref for hinge and
// slide, the identity quaternion for ball, and the body's world pose for free.
func (j *jointSpec) qpos0(world spatial.Transform) []float64 {
	switch j.typ {
	case "ball":
		return []float64{1, 0, 0, 0}
	case "free":
		q := spatial.QuatFromMat3(world.R)
		return []float64{world.P[0], world.P[1], world.P[2], q[0], q[1], q[2], q[3]}
	}
	return []float64{j.ref}
}

package mjcf

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// readEquality imports an <equality> section. connect becomes a point loop cut, weld a
// weld loop cut, and joint (with a second joint) an affine coupling; other kinds are
// reported and skipped. Constraints with active="false" are reported and skipped.
func (b *builder) readEquality(sec *node) error {
	if len(sec.Attrs) > 0 {
		b.warn(sec, "the equality section takes no attributes; ignored")
	}
	for _, n := range sec.Children {
		b.neq++
		var err error
		switch n.Tag {
		case "connect", "weld", "joint":
			err = b.readEq(n)
		case "tendon", "flex", "flexvert", "flexstrain", "distance":
			b.warn(n, "equality <%s> is not supported; not imported", n.Tag)
		default:
			b.warn(n, "unknown element in <equality>; ignored")
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readEq imports one connect, weld or joint equality.
func (b *builder) readEq(n *node) error {
	a, err := b.resolve(n, "equality", "")
	if err != nil {
		return err
	}
	b.checkAttrs(n, "equality/"+n.Tag)
	active, err := a.boolean("active", true)
	if err != nil {
		return err
	}
	if !active {
		b.warn(n, "inactive (active=\"false\") at the start of simulation; not imported")
		return nil
	}
	switch n.Tag {
	case "connect":
		return b.readConnect(n, a)
	case "weld":
		return b.readWeld(n, a)
	}
	return b.readJointEq(n, a)
}

// eqID returns the constraint's name, or a generated "<kind><index>", unique among the
// graph's loop cuts and couplings.
func (b *builder) eqID(n *node) (string, error) {
	id := n.Name()
	if id != "" {
		if b.eqIDs[id] {
			return "", errAt(n, "name", "equality name %q is used twice", id)
		}
	} else {
		base := fmt.Sprintf("equality%d", b.neq-1)
		id = base
		for i := 2; b.eqIDs[id]; i++ {
			id = fmt.Sprintf("%s_%d", base, i)
		}
	}
	b.eqIDs[id] = true
	return id, nil
}

// bodyRef looks up a body named by attribute k of n ("world" and an empty name mean the
// ground) and returns its CMG id and pose at qpos0.
func (b *builder) bodyRef(n *node, k, name string) (string, spatial.Transform, error) {
	if name == "" || name == b.ground {
		return b.ground, spatial.Identity(), nil
	}
	bi := b.bodies[name]
	if bi == nil {
		return "", spatial.Transform{}, errAt(n, k, "unknown body %q", name)
	}
	return bi.id, bi.world, nil
}

// siteRef looks up the site named by attribute k.
func (b *builder) siteRef(n *node, k, name string) (*siteInfo, error) {
	s := b.sites[name]
	if s == nil {
		return nil, errAt(n, k, "unknown site %q", name)
	}
	return s, nil
}

// sitePair reads site1/site2 when present (both required together) and rejects mixing
// them with the body form.
func (b *builder) sitePair(n *node, a *attrs) (s1, s2 *siteInfo, ok bool, err error) {
	n1, h1 := a.str("site1")
	n2, h2 := a.str("site2")
	if !h1 && !h2 {
		return nil, nil, false, nil
	}
	if !h1 || !h2 {
		missing := "site1"
		if !h2 {
			missing = "site2"
		}
		return nil, nil, false, errAt(n, missing, "site1 and site2 must be given together")
	}
	for _, k := range []string{"body1", "body2", "anchor", "relpose"} {
		if !a.has(k) {
			continue
		}
		if n.Tag == "weld" && (k == "anchor" || k == "relpose") {
			b.warn(n, "%s is ignored with site1/site2 (the site frames define the weld)", k)
			continue
		}
		return nil, nil, false, errAt(n, k, "use either site1/site2 or the body attributes, not both")
	}
	if s1, err = b.siteRef(n, "site1", n1); err != nil {
		return
	}
	if s2, err = b.siteRef(n, "site2", n2); err != nil {
		return
	}
	return s1, s2, true, nil
}

// readConnect imports a connect equality as a point cut. With body1/anchor the anchor
// is in body1's frame and the point on body2 (the ground when omitted) is where the
// anchor sits at the reference configuration qpos0, as MuJoCo computes it; with
// site1/site2 the two site positions must coincide.
func (b *builder) readConnect(n *node, a *attrs) error {
	id, err := b.eqID(n)
	if err != nil {
		return err
	}
	cut := cmg.LoopCut{ID: id, Type: cmg.CutPoint}
	s1, s2, sites, err := b.sitePair(n, a)
	if err != nil {
		return err
	}
	if sites {
		cut.BodyA, cut.FrameA = s1.body, cmg.Frame{Pos: [3]float64(s1.X.P)}
		cut.BodyB, cut.FrameB = s2.body, cmg.Frame{Pos: [3]float64(s2.X.P)}
		b.addConnect(n, cut)
		return nil
	}
	n1, ok := a.str("body1")
	if !ok {
		return errAt(n, "body1", "required attribute missing (or give site1 and site2)")
	}
	if !a.has("anchor") {
		return errAt(n, "anchor", "required attribute missing")
	}
	anchor, err := a.vec3("anchor", [3]float64{})
	if err != nil {
		return err
	}
	n2, _ := a.str("body2")
	id1, T1, err := b.bodyRef(n, "body1", n1)
	if err != nil {
		return err
	}
	id2, T2, err := b.bodyRef(n, "body2", n2)
	if err != nil {
		return err
	}
	if id1 == id2 {
		return errAt(n, "body2", "body1 and body2 are the same body %q", id1)
	}
	p2 := T2.Inv().Apply(T1.Apply(spatial.Vec3(anchor)))
	cut.BodyA, cut.FrameA = id1, cmg.Frame{Pos: anchor}
	cut.BodyB, cut.FrameB = id2, cmg.Frame{Pos: [3]float64(p2)}
	b.addConnect(n, cut)
	return nil
}

// addConnect appends the point cut of connect element n and remembers it for the pair
// conversion.
func (b *builder) addConnect(n *node, cut cmg.LoopCut) {
	b.connects = append(b.connects, connectRec{cut: len(b.g.LoopCuts), n: n})
	b.g.LoopCuts = append(b.g.LoopCuts, cut)
}

// readWeld imports a weld equality as a weld cut between frame A on body1 and frame B on
// body2 (the ground when omitted). As in MuJoCo, frame B sits at anchor in body2; frame
// A is relpose's position and quaternion in body1 when relpose has a nonzero quaternion,
// else the pose of frame B in body1 at qpos0. With site1/site2 the site frames must
// coincide.
func (b *builder) readWeld(n *node, a *attrs) error {
	id, err := b.eqID(n)
	if err != nil {
		return err
	}
	cut := cmg.LoopCut{ID: id, Type: cmg.CutWeld}
	s1, s2, sites, err := b.sitePair(n, a)
	if err != nil {
		return err
	}
	if sites {
		cut.BodyA, cut.FrameA = s1.body, cmgFrame(s1.X)
		cut.BodyB, cut.FrameB = s2.body, cmgFrame(s2.X)
		b.g.LoopCuts = append(b.g.LoopCuts, cut)
		return nil
	}
	n1, ok := a.str("body1")
	if !ok {
		return errAt(n, "body1", "required attribute missing (or give site1 and site2)")
	}
	n2, _ := a.str("body2")
	id1, T1, err := b.bodyRef(n, "body1", n1)
	if err != nil {
		return err
	}
	id2, T2, err := b.bodyRef(n, "body2", n2)
	if err != nil {
		return err
	}
	if id1 == id2 {
		return errAt(n, "body2", "body1 and body2 are the same body %q", id1)
	}
	anchor, err := a.vec3("anchor", [3]float64{})
	if err != nil {
		return err
	}
	rel, err := a.floats("relpose", 7, 7)
	if err != nil {
		return err
	}
	B := spatial.Transform{R: spatial.Identity3(), P: spatial.Vec3(anchor)}
	var A spatial.Transform
	if rel != nil && math.Abs(rel[3])+math.Abs(rel[4])+math.Abs(rel[5])+math.Abs(rel[6]) > 0 {
		A = spatial.Transform{R: spatial.Quat{rel[3], rel[4], rel[5], rel[6]}.Normalize().Mat3(), P: spatial.Vec3{rel[0], rel[1], rel[2]}}
	} else {
		A = T1.Inv().Mul(T2).Mul(B)
	}
	cut.BodyA, cut.FrameA = id1, cmgFrame(A)
	cut.BodyB, cut.FrameB = id2, cmgFrame(B)
	b.g.LoopCuts = append(b.g.LoopCuts, cut)
	return nil
}

// readJointEq imports a joint equality as an affine coupling. MuJoCo's constraint is
// y - y0 = a0 + a1(x - x0) + a2(x - x0)² + ..., with y = joint1, x = joint2 and y0, x0
// their reference values; so joint2 is the master and joint1 the slave, with
// multiplier a1 and offset a0 + y0 - a1·x0. Nonlinear terms are dropped with a warning
// (the coupling is then the tangent at the reference configuration). Without joint2 the
// constraint locks joint1, which a coupling cannot express: it is reported and skipped.
func (b *builder) readJointEq(n *node, a *attrs) error {
	j1, ok := a.str("joint1")
	if !ok {
		return errAt(n, "joint1", "required attribute missing")
	}
	coef, err := a.floats("polycoef", 5, 5)
	if err != nil {
		return err
	}
	if coef == nil {
		coef = []float64{0, 1, 0, 0, 0}
	}
	ji1, err := b.scalarJoint(n, "joint1", j1)
	if err != nil {
		return err
	}
	j2, ok := a.str("joint2")
	if !ok {
		b.warn(n, "joint equality without joint2 locks joint %q at its reference plus %g: not representable as a coupling; not imported", j1, coef[0])
		return nil
	}
	ji2, err := b.scalarJoint(n, "joint2", j2)
	if err != nil {
		return err
	}
	if ji1 == ji2 {
		return errAt(n, "joint2", "joint1 and joint2 are the same joint %q", j1)
	}
	if coef[2] != 0 || coef[3] != 0 || coef[4] != 0 {
		b.warn(n, "polycoef has nonlinear terms (%g, %g, %g); only the linear part is imported", coef[2], coef[3], coef[4])
	}
	id, err := b.eqID(n)
	if err != nil {
		return err
	}
	y0, x0 := ji1.qpos0[0], ji2.qpos0[0]
	b.g.Couplings = append(b.g.Couplings, cmg.Coupling{
		ID: id, Master: ji2.id, Slave: ji1.id, Multiplier: coef[1], Offset: coef[0] + y0 - coef[1]*x0,
	})
	return nil
}

// scalarJoint looks up a named hinge or slide joint.
func (b *builder) scalarJoint(n *node, k, name string) (*jointInfo, error) {
	ji := b.jointByName[name]
	if ji == nil {
		return nil, errAt(n, k, "unknown joint %q", name)
	}
	if ji.spec.typ != "hinge" && ji.spec.typ != "slide" {
		return nil, errAt(n, k, "joint %q is a %s joint: only hinge and slide joints can be used here", name, ji.spec.typ)
	}
	return ji, nil
}

package mjcf

import (
	"math"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// pairTol is the geometric tolerance of the connect-pair conversion: anchors closer than
// pairTol (m) coincide, and a hinge axis is perpendicular to the pair line, or passes
// through the pair's midpoint, to within pairTol (relative, resp. m).
const pairTol = 1e-6

// connectRec remembers where a connect equality was read, for the pair conversion.
type connectRec struct {
	cut int   // index in b.g.LoopCuts
	n   *node // the <connect> element
}

// mergeConnectPairs replaces every two connect equalities between the same two bodies
// (ImportOptions.MergeConnectPairs) by the one loop cut their geometry implies. Two
// coincident points with distinct anchors p1, p2 allow exactly the rotation about the
// line through them: a revolute cut about that line, at the anchors' midpoint. When one of
// the two bodies is a cross piece, turning on a single hinge whose axis crosses the line
// at the midpoint at a right angle, the pair stands for the second axis of a universal
// joint and becomes a universal cut: the point, and the pair line (Axis, on the cross
// piece) kept perpendicular to the common perpendicular n of line and hinge (Axis2,
// carried by the other body). The cut blocks the rotation about the hinge axis (so the
// cross piece has no spin of its own: it is the only four-row cut there that leaves none)
// and frees the one about n, which a mechanism like Kangaroo's hip differential already
// blocks elsewhere (its rods sit on universal joints and cannot spin): the mobility is
// unchanged, and the revolute cut's row that duplicated that block — near-redundant in
// a file's rounded geometry — is gone. A pair whose anchors coincide (within pairTol) is
// rejected naming both equalities; three or more connects between one pair of bodies
// are left as point cuts with a warning.
func (b *builder) mergeConnectPairs() error {
	groups := map[[2]string][]connectRec{}
	var keys [][2]string
	for _, r := range b.connects {
		c := b.g.LoopCuts[r.cut]
		k := [2]string{c.BodyA, c.BodyB}
		if k[0] > k[1] {
			k[0], k[1] = k[1], k[0]
		}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	drop := map[int]bool{}
	merged := map[int]cmg.LoopCut{}
	for _, k := range keys {
		g := groups[k]
		switch {
		case len(g) == 2:
			cut, err := b.mergedCut(g[0], g[1])
			if err != nil {
				return err
			}
			merged[g[0].cut] = cut
			drop[g[1].cut] = true
		case len(g) > 2:
			b.warn(g[0].n, "%d connect equalities join bodies %q and %q: only pairs are merged; kept as point cuts", len(g), k[0], k[1])
		}
	}
	out := b.g.LoopCuts[:0]
	for i, c := range b.g.LoopCuts {
		if drop[i] {
			continue
		}
		if m, ok := merged[i]; ok {
			c = m
		}
		out = append(out, c)
	}
	b.g.LoopCuts = out
	return nil
}

// mergedCut builds the revolute or universal cut standing for the connects r1 and r2
// (see mergeConnectPairs). The cut keeps r1's id. Frame A sits at the anchors' midpoint
// in body A (the cross piece when there is one) with that body's axes; frame B is the
// same frame carried by the other body at the reference configuration qpos0, so the
// axes are given in body A's coordinates on both sides.
func (b *builder) mergedCut(r1, r2 connectRec) (cmg.LoopCut, error) {
	c1, c2 := b.g.LoopCuts[r1.cut], b.g.LoopCuts[r2.cut]
	bodyA, bodyB := c1.BodyA, c1.BodyB
	p1 := spatial.Vec3(c1.FrameA.Pos)
	p2 := spatial.Vec3(c2.FrameA.Pos)
	if c2.BodyA != bodyA {
		p2 = spatial.Vec3(c2.FrameB.Pos)
	}
	if d := p2.Sub(p1).Norm(); d <= pairTol {
		return cmg.LoopCut{}, errAt(r2.n, "anchor", "connect equalities %q and %q join bodies %q and %q at coincident anchors (%.3g m apart): the pair defines no axis and cannot be merged",
			c1.ID, c2.ID, bodyA, bodyB, d)
	}
	TA, TB := b.bodyWorld(bodyA), b.bodyWorld(bodyB)
	axis, mid := pairLine(p1, p2)
	h, cross := b.crossHinge(bodyA, mid, axis)
	if !cross {
		// Body B may be the cross piece: describe the pair in its frame.
		BA := TB.Inv().Mul(TA)
		axisB, midB := pairLine(BA.Apply(p1), BA.Apply(p2))
		if hB, ok := b.crossHinge(bodyB, midB, axisB); ok {
			bodyA, bodyB, TA, TB = bodyB, bodyA, TB, TA
			axis, mid, h, cross = axisB, midB, hB, true
		}
	}
	FA := spatial.Transform{R: spatial.Identity3(), P: mid}
	FB := TB.Inv().Mul(TA).Mul(FA)
	cut := cmg.LoopCut{ID: c1.ID, Type: cmg.CutRevolute, BodyA: bodyA, BodyB: bodyB, FrameA: cmgFrame(FA), FrameB: cmgFrame(FB)}
	ax := [3]float64(axis)
	cut.Axis = &ax
	if cross {
		// The pair line on the cross piece stays perpendicular to the common
		// perpendicular of the line and the hinge, carried by the other body: the
		// rotation about the hinge axis is left to the hinge.
		n := axis.Cross(h)
		n2 := [3]float64(n.Scale(1 / n.Norm()))
		cut.Type, cut.Axis2 = cmg.CutUniversal, &n2
	}
	return cut, nil
}

// pairLine returns the unit direction from p1 to p2 and their midpoint.
func pairLine(p1, p2 spatial.Vec3) (axis, mid spatial.Vec3) {
	d := p2.Sub(p1)
	return d.Scale(1 / d.Norm()), p1.Add(p2).Scale(0.5)
}

// crossHinge reports whether body is joined to its parent by a single hinge whose axis
// crosses the line through mid along axis (both in body's frame) at mid, at a right
// angle; it returns that hinge axis in body's frame.
func (b *builder) crossHinge(body string, mid, axis spatial.Vec3) (spatial.Vec3, bool) {
	var found *cmg.Joint
	for i := range b.g.Joints {
		j := &b.g.Joints[i]
		if j.BodyB == body {
			if found != nil {
				return spatial.Vec3{}, false
			}
			found = j
		}
	}
	if found == nil || found.Type != "revolute" || found.Axis == nil {
		return spatial.Vec3{}, false
	}
	F := found.FrameB.Transform()
	h := F.R.MulVec(spatial.Vec3(*found.Axis))
	h = h.Scale(1 / h.Norm())
	if math.Abs(h.Dot(axis)) > pairTol {
		return spatial.Vec3{}, false
	}
	// Distance from mid to the hinge line through F.P along h.
	r := mid.Sub(F.P)
	if r.Sub(h.Scale(r.Dot(h))).Norm() > pairTol {
		return spatial.Vec3{}, false
	}
	return h, true
}

// bodyWorld returns the pose at qpos0 of the CMG body id (the ground: the identity).
func (b *builder) bodyWorld(id string) spatial.Transform {
	for _, bi := range b.bodies {
		if bi.id == id {
			return bi.world
		}
	}
	return spatial.Identity()
}

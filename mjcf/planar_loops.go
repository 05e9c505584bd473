package mjcf

import (
	"math"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// planarTol bounds, in radians, how far a loop's hinge axes may be from parallel (and its
// slide axes from their plane) for SnapPlanarLoops to treat the loop as planar.
const planarTol = 1e-5

// snapPlanarLoops makes planar loops exactly planar (ImportOptions.SnapPlanarLoops). A
// loop is the tree path between the two bodies of a point cut; it is planar when all its
// joints are hinges and slides, its hinge axes are parallel and its slide axes
// perpendicular to them at qpos0, each to within planarTol. Axes written with a few
// digits (CAD exports round quaternions to six) leave such a loop off-planar by ~1e-6
// rad, which turns the point cut's out-of-plane row from exactly redundant into a
// near-redundant direction that locks the loop to first order. Snapping turns every
// hinge axis of the loop to the first hinge's direction and projects every slide axis
// into the plane; with hinge and slide reference values 0 the configuration at qpos0 is
// unchanged. Loops sharing joints share one plane normal (the first one snapped); a loop
// that would need a second normal is left alone. It returns the ids of the loops snapped.
func (b *builder) snapPlanarLoops() []string {
	frames := b.jointFramesAtRef()
	up := map[string]int{} // body → index of the joint leading to it
	for i, j := range b.g.Joints {
		up[j.BodyB] = i
	}
	normal := map[int]spatial.Vec3{} // joint index → the plane normal it was snapped to
	var snapped []string
	for _, c := range b.g.LoopCuts {
		if c.Type != cmg.CutPoint {
			continue
		}
		loop, ok := b.loopJoints(up, c.BodyA, c.BodyB)
		if !ok {
			continue
		}
		n, ok := b.planeNormal(loop, frames, normal)
		if !ok {
			continue
		}
		for _, ji := range loop {
			j := &b.g.Joints[ji]
			R := frames[ji]
			w := R.MulVec(spatial.Vec3(*j.Axis))
			var t spatial.Vec3
			if j.Type == "revolute" {
				t = n
				if w.Dot(n) < 0 {
					t = n.Neg()
				}
			} else {
				t = w.Sub(n.Scale(w.Dot(n)))
				t = t.Scale(1 / t.Norm())
			}
			a := [3]float64(R.T().MulVec(t))
			j.Axis = &a
			normal[ji] = n
		}
		snapped = append(snapped, c.ID)
	}
	return snapped
}

// loopJoints returns the indices of the joints on the tree path between bodies a and b;
// ok is false when the path holds a joint other than a hinge or slide, or is empty.
func (b *builder) loopJoints(up map[string]int, a, c string) ([]int, bool) {
	chain := func(body string) []int {
		var out []int
		for {
			i, ok := up[body]
			if !ok {
				return out
			}
			out = append(out, i)
			body = b.g.Joints[i].BodyA
		}
	}
	ca, cc := chain(a), chain(c)
	for len(ca) > 0 && len(cc) > 0 && ca[len(ca)-1] == cc[len(cc)-1] {
		ca, cc = ca[:len(ca)-1], cc[:len(cc)-1]
	}
	loop := append(ca, cc...)
	for _, ji := range loop {
		if t := b.g.Joints[ji].Type; t != "revolute" && t != "prismatic" {
			return nil, false
		}
	}
	return loop, len(loop) > 0
}

// planeNormal returns the loop's plane normal when the loop is planar to within
// planarTol but not exactly (ok false otherwise): the normal a joint of the loop was
// already snapped to, else the first hinge axis. frames[i] is joint i's frame
// orientation in the world at qpos0.
func (b *builder) planeNormal(loop []int, frames []spatial.Mat3, normal map[int]spatial.Vec3) (spatial.Vec3, bool) {
	var n spatial.Vec3
	have := false
	for _, ji := range loop {
		if v, ok := normal[ji]; ok {
			n, have = v, true
			break
		}
	}
	for _, ji := range loop {
		if j := b.g.Joints[ji]; !have && j.Type == "revolute" {
			n, have = frames[ji].MulVec(spatial.Vec3(*j.Axis)), true
		}
	}
	if !have {
		return n, false
	}
	n = n.Scale(1 / n.Norm())
	dev := 0.0
	for _, ji := range loop {
		j := b.g.Joints[ji]
		w := frames[ji].MulVec(spatial.Vec3(*j.Axis))
		w = w.Scale(1 / w.Norm())
		if j.Type == "revolute" {
			dev = math.Max(dev, w.Cross(n).Norm())
		} else {
			dev = math.Max(dev, math.Abs(w.Dot(n)))
		}
	}
	return n, dev > 0 && dev <= planarTol
}

// jointFramesAtRef returns each joint's frame orientation in the world at qpos0 (the
// parent body's orientation times frame_a; joints are listed parents first).
func (b *builder) jointFramesAtRef() []spatial.Mat3 {
	body := map[string]spatial.Transform{b.ground: spatial.Identity()}
	q0 := map[string][]float64{}
	for _, ji := range b.joints {
		q0[ji.id] = ji.qpos0
	}
	out := make([]spatial.Mat3, len(b.g.Joints))
	for i, j := range b.g.Joints {
		P, ok := body[j.BodyA]
		if !ok {
			P = spatial.Identity()
		}
		J := P.Mul(j.FrameA.Transform())
		out[i] = J.R
		Q := spatial.Identity()
		if v := q0[j.ID]; len(v) > 0 && j.Axis != nil {
			switch j.Type {
			case "revolute":
				Q.R = spatial.ExpSO3(spatial.Vec3(*j.Axis).Scale(v[0]))
			case "prismatic":
				Q.P = spatial.Vec3(*j.Axis).Scale(v[0])
			}
		}
		if j.Type == "free" || j.Type == "spherical" {
			body[j.BodyB] = b.bodyWorld(j.BodyB)
			continue
		}
		body[j.BodyB] = J.Mul(Q).Mul(j.FrameB.Transform().Inv())
	}
	return out
}

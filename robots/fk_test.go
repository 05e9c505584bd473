package robots

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// This file is a small forward-kinematics check written independently of the
// generators: its own quaternion and axis-angle formulas, a breadth-first spanning
// tree from the ground, and the gap of every joint left out of the tree.

// fkRotation returns the rotation of a unit quaternion (w, x, y, z), normalising it.
func fkRotation(q [4]float64) spatial.Mat3 {
	n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	w, x, y, z := q[0]/n, q[1]/n, q[2]/n, q[3]/n
	return spatial.Mat3{
		{w*w + x*x - y*y - z*z, 2 * (x*y - w*z), 2 * (x*z + w*y)},
		{2 * (x*y + w*z), w*w - x*x + y*y - z*z, 2 * (y*z - w*x)},
		{2 * (x*z - w*y), 2 * (y*z + w*x), w*w - x*x - y*y + z*z},
	}
}

// fkAxisAngle returns the rotation by th about the unit axis u (Rodrigues).
func fkAxisAngle(u [3]float64, th float64) spatial.Mat3 {
	c, s := math.Cos(th), math.Sin(th)
	v := 1 - c
	x, y, z := u[0], u[1], u[2]
	return spatial.Mat3{
		{c + x*x*v, x*y*v - z*s, x*z*v + y*s},
		{y*x*v + z*s, c + y*y*v, y*z*v - x*s},
		{z*x*v - y*s, z*y*v + x*s, c + z*z*v},
	}
}

// fkFrame returns the transform of a CMG frame.
func fkFrame(f cmg.Frame) spatial.Transform {
	t := spatial.Transform{R: spatial.Identity3(), P: f.Pos}
	switch {
	case f.Rot != nil:
		r := f.Rot
		t.R = spatial.Mat3{{r[0], r[1], r[2]}, {r[3], r[4], r[5]}, {r[6], r[7], r[8]}}
	case f.Quat != nil:
		t.R = fkRotation(*f.Quat)
	}
	return t
}

// fkMotion returns Q(q) of a joint; missing coordinates take the neutral value.
func fkMotion(j cmg.Joint, q cmg.Values) (spatial.Transform, error) {
	t := spatial.Identity()
	at := func(i int, neutral float64) float64 {
		if i < len(q) {
			return q[i]
		}
		return neutral
	}
	switch j.Type {
	case "fixed":
	case "revolute":
		t.R = fkAxisAngle(*j.Axis, at(0, 0))
	case "prismatic":
		t.P = spatial.Vec3(*j.Axis).Scale(at(0, 0))
	case "helical":
		t.R = fkAxisAngle(*j.Axis, at(0, 0))
		t.P = spatial.Vec3(*j.Axis).Scale(j.Pitch * at(0, 0))
	case "universal":
		t.R = fkAxisAngle(*j.Axis, at(0, 0)).Mul(fkAxisAngle(*j.Axis2, at(1, 0)))
	case "spherical":
		t.R = fkRotation([4]float64{at(0, 1), at(1, 0), at(2, 0), at(3, 0)})
	case "free":
		t.P = spatial.Vec3{at(0, 0), at(1, 0), at(2, 0)}
		t.R = fkRotation([4]float64{at(3, 1), at(4, 0), at(5, 0), at(6, 0)})
	default:
		return t, fmt.Errorf("joint %s: type %q not supported by the test FK", j.ID, j.Type)
	}
	return t, nil
}

// fkGap is the closure gap of one joint left out of the spanning tree.
type fkGap struct {
	Joint    string
	Pos, Rot float64 // m, rad
	// Res are the residual rows of the constrained directions: the point difference
	// (its part normal to the axis for prismatic and helical joints), then the axis
	// cross product (revolute, helical), the skew part of the relative rotation (fixed,
	// prismatic) or the axes' dot product (universal).
	Res []float64
}

// fkResult holds the body poses of a spanning tree and the gaps of the other joints.
type fkResult struct {
	Pose map[string]spatial.Transform // body (and ground) → pose in the ground frame
	Gaps []fkGap
}

// maxGap returns the largest position and rotation gaps.
func (r fkResult) maxGap() (pos, rot float64) {
	for _, g := range r.Gaps {
		pos, rot = math.Max(pos, g.Pos), math.Max(rot, g.Rot)
	}
	return pos, rot
}

// rotAngle returns the angle of a rotation matrix, accurate near zero.
func rotAngle(r spatial.Mat3) float64 {
	s := spatial.Vec3{r[2][1] - r[1][2], r[0][2] - r[2][0], r[1][0] - r[0][1]}.Norm() / 2
	return math.Atan2(s, (r[0][0]+r[1][1]+r[2][2]-1)/2)
}

// vecAngle returns the angle between two vectors.
func vecAngle(a, b spatial.Vec3) float64 {
	return math.Atan2(a.Cross(b).Norm(), a.Dot(b))
}

// seedOf returns the assembly seed of g: "default", else the first in name order.
func seedOf(g *cmg.Graph) map[string]cmg.Values {
	if s, ok := g.Seeds["default"]; ok {
		return s
	}
	first := ""
	for name := range g.Seeds {
		if first == "" || name < first {
			first = name
		}
	}
	return g.Seeds[first]
}

// groundOf returns the name of g's ground frame.
func groundOf(g *cmg.Graph) string {
	if g.Ground == "" {
		return cmg.DefaultGround
	}
	return g.Ground
}

// bfsTree returns the joints of the breadth-first spanning tree from the ground, each
// body's joints visited in the order perm (nil: record order).
func bfsTree(g *cmg.Graph, perm []int) []bool {
	if perm == nil {
		perm = identityPerm(len(g.Joints))
	}
	inTree := make([]bool, len(g.Joints))
	seen := map[string]bool{groundOf(g): true}
	queue := []string{groundOf(g)}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, ji := range perm {
			j := g.Joints[ji]
			next := ""
			switch {
			case j.BodyA == cur && !seen[j.BodyB]:
				next = j.BodyB
			case j.BodyB == cur && !seen[j.BodyA]:
				next = j.BodyA
			default:
				continue
			}
			inTree[ji], seen[next] = true, true
			queue = append(queue, next)
		}
	}
	return inTree
}

// kruskalTree returns the spanning tree that takes joints greedily in the order perm,
// skipping those that would close a cycle: random orders give random loop-closing joints.
func kruskalTree(g *cmg.Graph, perm []int) []bool {
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		p, ok := parent[x]
		if !ok || p == x {
			return x
		}
		r := find(p)
		parent[x] = r
		return r
	}
	inTree := make([]bool, len(g.Joints))
	for _, ji := range perm {
		a, b := find(g.Joints[ji].BodyA), find(g.Joints[ji].BodyB)
		if a != b {
			parent[a] = b
			inTree[ji] = true
		}
	}
	return inTree
}

// identityPerm returns 0, 1, …, n-1.
func identityPerm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// closeLoops places every body at the assembly seed by propagating poses from the
// ground through the tree joints (breadth first) and measures each non-tree joint's gap
// in its constrained directions: the point for every joint type (the perpendicular part
// only for prismatic and helical joints), the axis for revolute and helical joints, the
// whole rotation for fixed and prismatic joints and axis perpendicularity for universal
// joints; free joints constrain nothing.
func closeLoops(g *cmg.Graph, inTree []bool) (fkResult, error) {
	return closeLoopsAt(g, inTree, seedOf(g))
}

// closeLoopsAt is closeLoops at the configuration seed.
func closeLoopsAt(g *cmg.Graph, inTree []bool, seed map[string]cmg.Values) (fkResult, error) {
	ground := groundOf(g)
	perm := identityPerm(len(g.Joints))
	res := fkResult{Pose: map[string]spatial.Transform{ground: spatial.Identity()}}
	queue := []string{ground}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for ji, j := range g.Joints {
			if !inTree[ji] || (j.BodyA != cur && j.BodyB != cur) {
				continue
			}
			q, err := fkMotion(j, seed[j.ID])
			if err != nil {
				return res, err
			}
			x := fkFrame(j.FrameA).Mul(q).Mul(fkFrame(j.FrameB).Inv()) // body_b → body_a
			if _, ok := res.Pose[j.BodyB]; j.BodyA == cur && !ok {
				res.Pose[j.BodyB] = res.Pose[cur].Mul(x)
				queue = append(queue, j.BodyB)
			} else if _, ok := res.Pose[j.BodyA]; j.BodyB == cur && !ok {
				res.Pose[j.BodyA] = res.Pose[cur].Mul(x.Inv())
				queue = append(queue, j.BodyA)
			}
		}
	}
	for _, b := range g.Bodies {
		if _, ok := res.Pose[b.ID]; !ok {
			return res, fmt.Errorf("body %s is not connected to the ground %s", b.ID, ground)
		}
	}
	for _, ji := range perm {
		if inTree[ji] {
			continue
		}
		j := g.Joints[ji]
		q, err := fkMotion(j, seed[j.ID])
		if err != nil {
			return res, err
		}
		wa := res.Pose[j.BodyA].Mul(fkFrame(j.FrameA)).Mul(q)
		wb := res.Pose[j.BodyB].Mul(fkFrame(j.FrameB))
		d := wa.P.Sub(wb.P)
		gap := fkGap{Joint: j.ID}
		rel := wa.R.T().Mul(wb.R)
		skew := spatial.Vec3{rel[2][1] - rel[1][2], rel[0][2] - rel[2][0], rel[1][0] - rel[0][1]}.Scale(0.5)
		switch j.Type {
		case "fixed":
			gap.Pos, gap.Rot = d.Norm(), rotAngle(rel)
			gap.Res = append(d[:], skew[:]...)
		case "prismatic", "helical":
			ax := wa.R.MulVec(*j.Axis)
			d = d.Sub(ax.Scale(d.Dot(ax)))
			gap.Pos = d.Norm()
			if j.Type == "prismatic" {
				gap.Rot = rotAngle(rel)
				gap.Res = append(d[:], skew[:]...)
			} else {
				c := ax.Cross(wb.R.MulVec(*j.Axis))
				gap.Rot = vecAngle(ax, wb.R.MulVec(*j.Axis))
				gap.Res = append(d[:], c[:]...)
			}
		case "revolute":
			aa, ab := wa.R.MulVec(*j.Axis), wb.R.MulVec(*j.Axis)
			c := aa.Cross(ab)
			gap.Pos, gap.Rot = d.Norm(), vecAngle(aa, ab)
			gap.Res = append(d[:], c[:]...)
		case "universal":
			wa0 := res.Pose[j.BodyA].Mul(fkFrame(j.FrameA))
			a1, a2 := wa0.R.MulVec(*j.Axis), wb.R.MulVec(*j.Axis2)
			gap.Pos = d.Norm()
			gap.Rot = math.Abs(math.Pi/2 - vecAngle(a1, a2))
			gap.Res = append(d[:], a1.Dot(a2))
		case "spherical":
			gap.Pos = d.Norm()
			gap.Res = d[:]
		}
		res.Gaps = append(res.Gaps, gap)
	}
	return res, nil
}

// closeLoopsOrders measures the gaps for the breadth-first tree in record order and in
// reverse order and for k random spanning trees (so that different joints close the
// loops), and returns the largest gaps and the number of distinct joints that closed a
// loop in some tree.
func closeLoopsOrders(g *cmg.Graph, k int, seed uint64) (pos, rot float64, cut int, err error) {
	n := len(g.Joints)
	rev := make([]int, n)
	for i := range n {
		rev[i] = n - 1 - i
	}
	trees := [][]bool{bfsTree(g, nil), bfsTree(g, rev)}
	rng := rand.New(rand.NewPCG(seed, 1))
	for range k {
		trees = append(trees, kruskalTree(g, rng.Perm(n)))
	}
	cuts := map[string]bool{}
	for _, tree := range trees {
		r, err := closeLoops(g, tree)
		if err != nil {
			return 0, 0, 0, err
		}
		p, a := r.maxGap()
		pos, rot = math.Max(pos, p), math.Max(rot, a)
		for _, gp := range r.Gaps {
			cuts[gp.Joint] = true
		}
	}
	return pos, rot, len(cuts), nil
}

package robots

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// reexpressBodies moves the frames of randomly chosen bodies (each with probability ½,
// at least one) by random rigid transforms — uniform rotation, offset up to 0.25 m per
// axis — and rewrites everything expressed in them. The mechanism is unchanged.
func reexpressBodies(g *cmg.Graph, rng *rand.Rand) string {
	var moved []string
	for len(moved) == 0 {
		moved = moved[:0]
		for _, b := range g.Bodies {
			if rng.IntN(2) == 0 {
				moved = append(moved, b.ID)
			}
		}
	}
	for _, id := range moved {
		q := randQuat(rng)
		t := spatial.Transform{R: q.Mat3(), P: spatial.Vec3{uniform(rng, -0.25, 0.25), uniform(rng, -0.25, 0.25), uniform(rng, -0.25, 0.25)}}
		reexpressBody(g, id, t, q)
	}
	return fmt.Sprintf("%d of %d body frames moved by random rigid transforms (%s); records re-expressed, mechanism unchanged",
		len(moved), len(g.Bodies), strings.Join(moved, ", "))
}

// reexpressBody moves body id's frame to t (the new frame's pose in the old one, with
// rotation quaternion q) and rewrites the body's centre of mass and inertia and every
// frame and point attached to it: joint and loop-cut frames, sites and two-point
// actuator points. Joint coordinates keep their meaning, so seeds are unchanged.
func reexpressBody(g *cmg.Graph, id string, t spatial.Transform, q spatial.Quat) {
	inv := t.Inv()
	for i := range g.Bodies {
		b := &g.Bodies[i]
		if b.ID == id {
			b.COM = inv.Apply(b.COM)
			b.Inertia = inertiaRecord(t.R.T().Mul(inertiaMat(b.Inertia)).Mul(t.R))
		}
	}
	for i := range g.Joints {
		j := &g.Joints[i]
		if j.BodyA == id {
			j.FrameA = reexpressFrame(j.FrameA, t, q)
		}
		if j.BodyB == id {
			j.FrameB = reexpressFrame(j.FrameB, t, q)
		}
	}
	for i := range g.LoopCuts {
		c := &g.LoopCuts[i]
		if c.BodyA == id {
			c.FrameA = reexpressFrame(c.FrameA, t, q)
		}
		if c.BodyB == id {
			c.FrameB = reexpressFrame(c.FrameB, t, q)
		}
	}
	for i := range g.Sites {
		if g.Sites[i].Body == id {
			g.Sites[i].Frame = reexpressFrame(g.Sites[i].Frame, t, q)
		}
	}
	for i := range g.Actuators {
		a := &g.Actuators[i]
		if a.BodyA == id && a.PointA != nil {
			p := [3]float64(inv.Apply(*a.PointA))
			a.PointA = &p
		}
		if a.BodyB == id && a.PointB != nil {
			p := [3]float64(inv.Apply(*a.PointB))
			a.PointB = &p
		}
	}
}

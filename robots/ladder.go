package robots

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
)

// rod returns a body record for a slender rod of length l (m) along +y from its origin,
// 1 kg per metre.
func rod(id string, l float64) cmg.Body {
	m := l
	it := m * l * l / 12
	return cmg.Body{ID: id, Mass: m, COM: [3]float64{0, l / 2, 0},
		Inertia: [6]float64{it, 1e-3 * m, it, 0, 0, 0}}
}

// revolute returns a revolute joint about z from body a at pa to body b at its origin.
func revolute(id, a, b string, pa [3]float64) cmg.Joint {
	return cmg.Joint{ID: id, Type: "revolute", BodyA: a, BodyB: b,
		FrameA: cmg.Frame{Pos: pa}, FrameB: cmg.Frame{}, Axis: &[3]float64{0, 0, 1}, Damping: 0.01}
}

// Chain returns a plain serial chain of n revolute links (0.1 m rods hanging along y,
// all axes along z), the loop-free rung of the size ladder benchmarks. It is not a
// built-in model (robots.Names).
func Chain(n int) *cmg.Graph {
	g := &cmg.Graph{Schema: cmg.SchemaVersion, Name: fmt.Sprintf("chain of %d revolute links", n), Gravity: &[3]float64{0, -9.81, 0}}
	prev := "world"
	for i := range n {
		id := fmt.Sprintf("link%d", i)
		g.Bodies = append(g.Bodies, rod(id, 0.1))
		pos := [3]float64{0, 0.1, 0}
		if i == 0 {
			pos = [3]float64{}
		}
		g.Joints = append(g.Joints, revolute("j"+id, prev, id, pos))
		prev = id
	}
	return g
}

// FourBarLadder returns a planar ladder of k four-bar loops: two rails of k links each
// (0.1 m, hinged end to end, the left from the ground at x = 0, the right at x = 0.12)
// joined at every level by a 0.12 m rung hinged at both ends, so that level i closes one
// loop with level i − 1 (cycle rank k, mobility k). The seed (all zeros) is closed.
// It is not a built-in model (robots.Names).
func FourBarLadder(k int) *cmg.Graph {
	const l, w = 0.1, 0.12
	g := &cmg.Graph{Schema: cmg.SchemaVersion, Name: fmt.Sprintf("ladder of %d four-bar loops", k), Gravity: &[3]float64{0, -9.81, 0}}
	left, right := "world", "world"
	for i := range k {
		li, ri, ci := fmt.Sprintf("left%d", i), fmt.Sprintf("right%d", i), fmt.Sprintf("rung%d", i)
		g.Bodies = append(g.Bodies, rod(li, l), rod(ri, l), rod(ci, w))
		pl, pr := [3]float64{0, l, 0}, [3]float64{0, l, 0}
		if i == 0 {
			pl, pr = [3]float64{}, [3]float64{w, 0, 0}
		}
		g.Joints = append(g.Joints,
			revolute("j"+li, left, li, pl),
			revolute("j"+ri, right, ri, pr),
			// The rung lies along +x at the top of both rails: its frame is the rail top
			// rotated by −90° about z, so its own +y points along the ground's +x.
			cmg.Joint{ID: "j" + ci + "_left", Type: "revolute", BodyA: li, BodyB: ci,
				FrameA: cmg.Frame{Pos: [3]float64{0, l, 0}, Quat: &[4]float64{0.7071067811865476, 0, 0, -0.7071067811865476}},
				Axis:   &[3]float64{0, 0, 1}},
			cmg.Joint{ID: "j" + ci + "_right", Type: "revolute", BodyA: ci, BodyB: ri,
				FrameA: cmg.Frame{Pos: [3]float64{0, w, 0}},
				FrameB: cmg.Frame{Pos: [3]float64{0, l, 0}, Quat: &[4]float64{0.7071067811865476, 0, 0, -0.7071067811865476}},
				Axis:   &[3]float64{0, 0, 1}})
		left, right = li, ri
	}
	return g
}

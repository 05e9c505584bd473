package compile_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
)

// Ladder geometry (m): rung pitch along the ground rail and rung length.
const ladderPitch, ladderRung = 0.2, 0.5

// ladderOptions vary the generated ladder.
type ladderOptions struct {
	// loopCuts declares each top pin as a loop cut (alternately revolute and point)
	// instead of a revolute joint.
	loopCuts bool
	// couplings couples neighbouring ground pivots (every third one).
	couplings bool
	// hints adds tree and cut hints.
	hints bool
}

// ladder generates a planar ladder with the given number of loops: the ground is the
// bottom rail; rungs r_0…r_L stand on ground pivots g_i at (i·pitch, 0, 0) and are
// pinned at their tops to a top rail of links a_1…a_L (a_i by l_i to r_{i-1} and by t_i
// to r_i); all joints are revolute about z. Each cell is a parallelogram, so the ladder
// is closed at the zero (neutral) configuration and moves with one degree of freedom.
// Bodies 2L+1, joints 3L+1, nodes 2L+2: mu = L.
func ladder(loops int, o ladderOptions) *cmg.Graph {
	g := &cmg.Graph{Schema: cmg.SchemaVersion, Name: fmt.Sprintf("ladder-%d", loops),
		Gravity:           &[3]float64{0, -9.81, 0},
		PartitionRequests: map[string][]string{"first_rung": {ladderID("g", 0)}},
		Actuators:         []cmg.Actuator{{ID: "motor", Type: cmg.ActJoint, Joint: ladderID("g", 0), Gear: 1}},
		Scales:            &cmg.Scales{LengthM: ladderRung, AngleRad: 1},
	}
	g.Bodies = make([]cmg.Body, 0, 2*loops+1)
	g.Joints = make([]cmg.Joint, 0, 3*loops+1)
	rev := func(id, a, b string, fa, fb cmg.Frame) cmg.Joint {
		return cmg.Joint{ID: id, Type: "revolute", BodyA: a, BodyB: b, FrameA: fa, FrameB: fb, Axis: vec(0, 0, 1)}
	}
	for i := 0; i <= loops; i++ {
		r := ladderID("r", i)
		body := bar(r, 1, ladderRung)
		body.COM = [3]float64{0, ladderRung / 2, 0}
		g.Bodies = append(g.Bodies, body)
		g.Joints = append(g.Joints, rev(ladderID("g", i), cmg.DefaultGround, r, at(float64(i)*ladderPitch, 0, 0), at(0, 0, 0)))
		if i == 0 {
			continue
		}
		a := ladderID("a", i)
		g.Bodies = append(g.Bodies, bar(a, 0.5, ladderPitch))
		g.Joints = append(g.Joints, rev(ladderID("l", i), ladderID("r", i-1), a, at(0, ladderRung, 0), at(0, 0, 0)))
		top, topB := at(ladderPitch, 0, 0), at(0, ladderRung, 0)
		if !o.loopCuts {
			g.Joints = append(g.Joints, rev(ladderID("t", i), a, r, top, topB))
			continue
		}
		lc := cmg.LoopCut{ID: ladderID("t", i), Type: cmg.CutRevolute, BodyA: a, BodyB: r, FrameA: top, FrameB: topB, Axis: vec(0, 0, 1)}
		if i%2 == 0 {
			lc.Type, lc.Axis = cmg.CutPoint, nil
		}
		g.LoopCuts = append(g.LoopCuts, lc)
	}
	if o.couplings {
		for i := 1; i < loops; i += 3 {
			g.Couplings = append(g.Couplings, cmg.Coupling{ID: ladderID("c", i), Master: ladderID("g", i), Slave: ladderID("g", i+1), Multiplier: 1})
		}
	}
	if o.hints && loops >= 6 {
		g.Hints = &cmg.Hints{TreeJoints: []string{ladderID("g", 3), ladderID("l", 5)}}
		if !o.loopCuts { // with loop cuts, l_i is a_i's only joint
			g.Hints.TreeJoints = append(g.Hints.TreeJoints, ladderID("t", 1), ladderID("t", 6))
			g.Hints.CutJoints = []string{ladderID("l", 2), ladderID("l", 4)}
		}
	}
	return g
}

// ladderID names the i-th record of a kind with a zero-padded index, so that id order
// is index order.
func ladderID(kind string, i int) string { return fmt.Sprintf("%s_%06d", kind, i) }

// TestLadderSmall: the generated ladder is valid, compiles to mu = L with the top pins
// cut, and assembles with mobility 1.
func TestLadderSmall(t *testing.T) {
	for _, o := range []ladderOptions{{}, {loopCuts: true}, {couplings: true}, {hints: true}} {
		g := ladder(7, o)
		if err := g.Validate(); err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		m := mustCompile(t, g, compile.Options{})
		// Declared loop cuts count as edges of the graph.
		if m.CycleRank != 7 || len(m.Comparisons) != 7 {
			t.Errorf("%+v: mu = %d with %d comparisons, want 7 and 7", o, m.CycleRank, len(m.Comparisons))
		}
		if o == (ladderOptions{}) {
			for _, c := range m.Comparisons {
				if c.ID[0] != 't' || m.PathLen(&c) != 3 || c.LCA != compile.Ground {
					t.Errorf("cut %s: path of %d edges through node %d, want a top pin with a 3-edge path through the ground", c.ID, m.PathLen(&c), c.LCA)
				}
			}
		}
		// Couplings of neighbouring rungs agree with the ladder's single mode (every
		// rung turns by the same angle), so they leave the mobility at 1.
		s := assemble(t, m, m.Neutral(), nil, nil)
		if s.p.Mobility != 1 {
			t.Errorf("%+v: mobility %d, want 1", o, s.p.Mobility)
		}
	}
}

// TestLadderTenThousand: compiling the 10,000-loop ladder completes (within a generous
// sanity bound) and yields mu = 10000 with 10,000 cuts.
func TestLadderTenThousand(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	g := ladder(10000, ladderOptions{})
	start := time.Now()
	m := mustCompile(t, g, compile.Options{})
	el := time.Since(start)
	t.Logf("compiled the 10,000-loop ladder (%d bodies, %d joints) in %v", len(m.Bodies), len(m.Joints), el)
	if m.CycleRank != 10000 || len(m.Comparisons) != 10000 || m.Rows != 60000 {
		t.Errorf("mu = %d, %d comparisons, %d rows; want 10000, 10000, 60000", m.CycleRank, len(m.Comparisons), m.Rows)
	}
	if m.NVT != len(m.Bodies) || m.NV != len(m.Joints) {
		t.Errorf("NVT = %d, NV = %d; want %d and %d", m.NVT, m.NV, len(m.Bodies), len(m.Joints))
	}
	if el > 60*time.Second {
		t.Errorf("compiling took %v (> 60 s sanity bound)", el)
	}
}

// BenchmarkCompileLadder measures Compile on ladders of 10³, 10⁴ and 10⁵ loops. The
// structural stage is O(|B| + |J| + L_P) in the paper (section II-C): ns/op should
// grow about tenfold per row.
func BenchmarkCompileLadder(b *testing.B) {
	for _, loops := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("loops=%d", loops), func(b *testing.B) {
			g := ladder(loops, ladderOptions{})
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := compile.Compile(g, compile.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

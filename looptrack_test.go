package robocompiler_test

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/robots"
)

// ladderPair returns two assembled workspaces of the four-bar ladder of k loops: the
// front door's default (the loop form above LoopFormMin velocities) and the dense path.
func ladderPair(t *testing.T, k int) (loop, dense *robocompiler.Data) {
	t.Helper()
	m, err := robocompiler.Compile(skewLadder(k), robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	loop = m.NewData()
	if err := loop.Assemble(""); err != nil {
		t.Fatal(err)
	}
	restore := robocompiler.SetLoopFormMin(1 << 30)
	dense = m.NewData()
	err = dense.Assemble("")
	restore()
	if err != nil {
		t.Fatal(err)
	}
	if !loop.LoopForm() || dense.LoopForm() {
		t.Fatalf("loop form: %v and %v", loop.LoopForm(), dense.LoopForm())
	}
	return loop, dense
}

// skewLadder is the four-bar ladder of k loops with every other rung 5% longer, so that
// its loops are not parallelograms (whose closure is linear in the joint angles: tracking
// them needs no correction).
func skewLadder(k int) *cmg.Graph {
	g := robots.FourBarLadder(k)
	for i := range g.Joints {
		j := &g.Joints[i]
		var level int
		if _, err := fmt.Sscanf(j.ID, "jrung%d_right", &level); err == nil && level%2 == 0 {
			j.FrameA.Pos[1] *= 1.05
		}
	}
	return g
}

// TestLoopFormTrackMatchesDense: on a 70-loop skewed ladder (280 velocities: the loop form by
// default), tracking steps through the loop form's sparse tracker land where the dense
// tracker's do, to round-off, with the same lift v = E u afterwards; neither re-decides
// the partition (its condition estimate, below closure.ReconfigureRCond from the start,
// stays near its value at the choice), and the loop form's step allocates nothing.
func TestLoopFormTrackMatchesDense(t *testing.T) {
	loop, dense := ladderPair(t, 70)
	n := loop.Mobility()
	du := make([]float64, n)
	for step := range 20 {
		for i := range du {
			du[i] = 2e-3 * math.Sin(float64(3*i+step))
		}
		if err := loop.Track(du); err != nil {
			t.Fatalf("loop form, step %d: %v", step, err)
		}
		if err := dense.Track(du); err != nil {
			t.Fatalf("dense, step %d: %v", step, err)
		}
	}
	for i := range loop.Q {
		if d := math.Abs(loop.Q[i] - dense.Q[i]); d > 1e-11 {
			t.Fatalf("q[%d]: loop form %.15g, dense %.15g", i, loop.Q[i], dense.Q[i])
		}
	}
	for _, d := range []*robocompiler.Data{loop, dense} {
		tr := d.Tracker
		t.Logf("loop form %v: %d steps, %d Newton iterations, %d re-acquisitions, rcond %.3g",
			d.LoopForm(), tr.Steps, tr.Corrections, tr.Reacquisitions, tr.Lift.RCond)
		if tr.Reacquisitions != 0 {
			t.Errorf("loop form %v: %d re-acquisitions", d.LoopForm(), tr.Reacquisitions)
		}
	}
	if r := loop.Tracker.Reconfigurations + dense.Tracker.Reconfigurations; r != 0 {
		t.Errorf("%d reconfigurations on a ladder far from its singular configurations", r)
	}
	u := make([]float64, n)
	for i := range u {
		u[i] = 0.1 * math.Cos(float64(i))
	}
	for _, d := range []*robocompiler.Data{loop, dense} {
		if err := d.SetState(u, nil); err != nil {
			t.Fatal(err)
		}
		d.Interfaces()
	}
	for i := range loop.V {
		if d := math.Abs(loop.V[i] - dense.V[i]); d > 1e-9 {
			t.Fatalf("v[%d]: loop form %.15g, dense %.15g", i, loop.V[i], dense.V[i])
		}
	}
	if loop.Closure().C != nil {
		t.Error("the loop form holds a dense closure Jacobian")
	}
	sign := 1.0
	if a := testing.AllocsPerRun(10, func() {
		for i := range du {
			du[i] = 1e-4 * sign
		}
		sign = -sign
		if err := loop.Track(du); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("loop form Track allocates %v times per step", a)
	}
}

// TestLadderWorkspaceBytes: the loop form's workspace of a four-bar ladder (assembled, one
// forward dynamics) grows linearly with the loops — from 100 to 300 loops by at most 3.6x
// (a dense closure side would grow 9x) — and stays within Model.WorkspaceBytes.
func TestLadderWorkspaceBytes(t *testing.T) {
	var used [2]int64
	for i, k := range []int{100, 300} {
		m, err := robocompiler.Compile(robots.FourBarLadder(k), robocompiler.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		d := m.NewData()
		if err := d.Assemble(""); err != nil {
			t.Fatal(err)
		}
		if err := d.Forward(nil, nil); err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(d)
		if !d.LoopForm() {
			t.Fatalf("%d loops: not the loop form", k)
		}
		used[i] = int64(after.HeapAlloc) - int64(before.HeapAlloc)
		t.Logf("%d loops: workspace holds %d bytes; estimate %d", k, used[i], m.WorkspaceBytes())
		if used[i] > m.WorkspaceBytes() {
			t.Errorf("%d loops: workspace holds %d bytes; the estimate is %d", k, used[i], m.WorkspaceBytes())
		}
	}
	if r := float64(used[1]) / float64(used[0]); r > 3.6 {
		t.Errorf("workspace grows %.2fx from 100 to 300 loops; want linear (3x)", r)
	}
}

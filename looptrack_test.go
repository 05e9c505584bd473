package robocompiler_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
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

// skewLadder is the four-bar ladder of k loops with links of 0.125 m on the left rail and
// alternately 0.1328125 and 0.1171875 m on the right (from the hinge below to the hinge
// above; the rung hinges 0.125 m above the rails' hinges), each rung turned and stretched
// to join the rails' tops: the seed (every angle zero) is closed — to round-off at any
// height, the lengths being exact binary fractions — but the loops are not parallelograms
// (whose closure is linear in the joint angles: tracking them needs no correction).
func skewLadder(k int) *cmg.Graph {
	const l, d, w = 0.125, 0.0078125, 0.12
	g := robots.FourBarLadder(k)
	for i := range g.Joints {
		j := &g.Joints[i]
		var level int
		switch {
		case scan(j.ID, "jleft%d", &level) && level > 0:
			j.FrameA.Pos[1] = l
		case scan(j.ID, "jright%d", &level) && level > 0:
			j.FrameA.Pos[1] = l + d*float64(2*(level%2)-1)
		case scan(j.ID, "jrung%d_left", &level):
			j.FrameA.Pos[1] = l
			th := math.Atan2(-w, d*float64(level%2)) // the rung's +y towards the right rail's top
			j.FrameA.Quat = &[4]float64{math.Cos(th / 2), 0, 0, math.Sin(th / 2)}
		case scan(j.ID, "jrung%d_right", &level):
			th := math.Atan2(-w, d*float64(level%2))
			j.FrameA.Pos[1] = math.Hypot(w, d*float64(level%2))
			j.FrameB.Pos[1] = l
			j.FrameB.Quat = &[4]float64{math.Cos(th / 2), 0, 0, math.Sin(th / 2)}
		}
	}
	return g
}

// scan reports whether id is format with one integer, which it stores in level.
func scan(id, format string, level *int) bool {
	var rest string
	n, _ := fmt.Sscanf(id+" end", format+" %s", level, &rest)
	return n == 2 && rest == "end"
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
		d, heap := assembledHeap(t, m, true)
		if !d.LoopForm() {
			t.Fatalf("%d loops: not the loop form", k)
		}
		used[i] = heap
		t.Logf("%d loops: workspace holds %d bytes; estimate %d", k, used[i], m.WorkspaceBytes())
		if used[i] > m.WorkspaceBytes() {
			t.Errorf("%d loops: workspace holds %d bytes; the estimate is %d", k, used[i], m.WorkspaceBytes())
		}
	}
	if r := float64(used[1]) / float64(used[0]); r > 3.6 {
		t.Errorf("workspace grows %.2fx from 100 to 300 loops; want linear (3x)", r)
	}
}

// BenchmarkLoopFormTrack times one tracking step (Track: prediction, correction and
// condition estimate) on skewed four-bar ladders (non-parallelogram loops, so that each
// step corrects) in the loop form, alternating ±1e-4 on every independent coordinate.
// workspace-B is the heap the assembled workspace holds (the compiled model excluded).
// Assembling the 1,000-loop ladder (its partition's dense pivoted QR) takes about a
// minute before the timing starts.
func BenchmarkLoopFormTrack(b *testing.B) {
	for _, k := range []int{100, 300, 1000} {
		b.Run(fmt.Sprintf("loops=%d", k), func(b *testing.B) {
			m, err := robocompiler.Compile(skewLadder(k), robocompiler.Options{})
			if err != nil {
				b.Fatal(err)
			}
			d, heap := assembledHeap(b, m, false)
			if !d.LoopForm() {
				b.Fatal("not the loop form")
			}
			du := make([]float64, d.Mobility())
			sign := 1.0
			b.ReportAllocs()
			for b.Loop() {
				for i := range du {
					du[i] = 1e-4 * sign
				}
				sign = -sign
				if err := d.Track(du); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(heap), "workspace-B")
			b.ReportMetric(float64(d.Tracker.Corrections)/float64(d.Tracker.Steps), "newton/step")
		})
	}
}

// TestLoopFormTrackErrors: in the loop form a tracking step that cannot close (a
// displacement far beyond the mechanism's reach) fails with an error and leaves the state
// as it was, after which tracking continues; SetFullState accepts the workspace's own
// feasible state and refuses a configuration off the closure manifold, keeping the state.
func TestLoopFormTrackErrors(t *testing.T) {
	defer robocompiler.SetLoopFormMin(0)() // the loop form on a small ladder: a failed re-acquisition is quick
	m, err := robocompiler.Compile(skewLadder(8), robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	loop := m.NewData()
	if err := loop.Assemble(""); err != nil {
		t.Fatal(err)
	}
	if !loop.LoopForm() {
		t.Fatal("not the loop form")
	}
	q := append([]float64(nil), loop.Q...)
	du := make([]float64, loop.Mobility())
	for i := range du {
		du[i] = 50 // rad: the rails cannot follow
	}
	if err := loop.Track(du); err == nil {
		t.Fatal("a step of 50 rad on every coordinate succeeded")
	} else {
		t.Log(err)
	}
	for i := range q {
		if loop.Q[i] != q[i] {
			t.Fatalf("q[%d] moved from %v to %v on a failed step", i, q[i], loop.Q[i])
		}
	}
	for i := range du {
		du[i] = 1e-3
	}
	if err := loop.Track(du); err != nil {
		t.Fatalf("after a failed step: %v", err)
	}
	for i := range du {
		du[i] = 0.05
	}
	if err := loop.SetState(du, nil); err != nil {
		t.Fatal(err)
	}
	loop.Interfaces()
	q, v := append([]float64(nil), loop.Q...), append([]float64(nil), loop.V...)
	if err := loop.SetFullState(q, v); err != nil {
		t.Fatalf("SetFullState of the workspace's own state: %v", err)
	}
	bad := append([]float64(nil), q...)
	bad[len(bad)-1] += 0.1
	if err := loop.SetFullState(bad, v); err == nil {
		t.Fatal("SetFullState accepted a configuration off the closure manifold")
	}
	for i := range q {
		if loop.Q[i] != q[i] {
			t.Fatalf("q[%d] moved from %v to %v on a refused SetFullState", i, q[i], loop.Q[i])
		}
	}
}

// TestLoopFormReconfiguresAtFold: the crank-rocker four-bar in the loop form (forced),
// with the rocker angle requested independent and pushed towards its fold: the loop
// form's condition estimate (which follows the dense lift's to within 15% here) falls
// below the threshold a few steps before the fold, the partition changes there (a
// reconfiguration decided on the dense Jacobian, then the loop form's solver of the new
// partition), and tracking continues in the new coordinate with closure held.
func TestLoopFormReconfiguresAtFold(t *testing.T) {
	defer robocompiler.SetLoopFormMin(0)()
	g, err := robots.Get("fourbar")
	if err != nil {
		t.Fatal(err)
	}
	g.PartitionRequests["rocker"] = []string{"rocker_pivot"}
	m, err := robocompiler.Compile(g, robocompiler.Options{Partition: "rocker", Tracking: closure.TrackerOptions{RCondTol: 0.015}})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	if !d.LoopForm() {
		t.Fatal("not the loop form")
	}
	for k := 0; d.Tracker.Reconfigurations == 0; k++ {
		if k == 1000 {
			t.Fatal("no reconfiguration in 1,000 steps")
		}
		if err := d.Track([]float64{1e-3}); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
	}
	ev := d.Tracker.Events[0]
	t.Log(ev)
	if ev.Kept || len(ev.Independent) != 1 || ev.Independent[0] == "rocker_pivot" {
		t.Fatalf("event %s", ev)
	}
	if d.Partition() != d.Tracker.Loop().Partition() {
		t.Fatal("the loop solver is not the new partition's")
	}
	for k := range 200 {
		if err := d.Track([]float64{1e-3}); err != nil {
			t.Fatalf("after the reconfiguration, step %d: %v", k, err)
		}
		if err := d.Constraints(); err != nil {
			t.Fatal(err)
		}
		for r, x := range d.Closure().Rho {
			if math.Abs(x) > 1e-12 {
				t.Fatalf("step %d: closure row %d residual %.3g", k, r, x)
			}
		}
	}
	if d.Tracker.Reacquisitions != 0 {
		t.Errorf("%d re-acquisitions", d.Tracker.Reacquisitions)
	}
}

// TestDenseJacobian: DenseJacobian gives the loop form, which keeps no C, the Jacobian the
// dense path keeps at the same configuration, bit for bit, and refuses a short buffer.
func TestDenseJacobian(t *testing.T) {
	loop, dense := ladderPair(t, 60)
	m := loop.Model()
	got, want := make([]float64, m.Rows*m.NV), make([]float64, m.Rows*m.NV)
	if loop.Closure().C != nil {
		t.Fatal("the loop form keeps C")
	}
	if err := errors.Join(loop.DenseJacobian(got), dense.DenseJacobian(want)); err != nil {
		t.Fatal(err)
	}
	nonzero := false
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("C entry %d: loop form %v, dense path %v", i, got[i], want[i])
		}
		nonzero = nonzero || want[i] != 0
	}
	if !nonzero {
		t.Fatal("C is zero")
	}
	if err := loop.DenseJacobian(got[:1]); err == nil {
		t.Error("DenseJacobian accepted a short buffer")
	}
}

package closure

import (
	"errors"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// fourBar returns the built-in four-bar's graph with the given link lengths (m) and a
// seed of the given joint values (crank_pivot, crank_coupler, coupler_rocker,
// rocker_pivot), compiled, with the seed assembled.
func fourBar(t *testing.T, ground, crank, coupler, rocker float64, seed [4]float64) (*compile.Model, []float64) {
	t.Helper()
	g, err := robots.Get("fourbar")
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Joints {
		j := &g.Joints[i]
		switch j.ID {
		case "crank_coupler":
			j.FrameA.Pos = [3]float64{crank, 0, 0}
		case "coupler_rocker":
			j.FrameA.Pos = [3]float64{coupler, 0, 0}
			j.FrameB.Pos = [3]float64{rocker, 0, 0}
		case "rocker_pivot":
			j.FrameA.Pos = [3]float64{ground, 0, 0}
		}
	}
	g.Seeds = map[string]map[string]cmg.Values{"default": {
		"crank_pivot": {seed[0]}, "crank_coupler": {seed[1]}, "coupler_rocker": {seed[2]}, "rocker_pivot": {seed[3]},
	}}
	g.BranchWindow = nil
	return assembleGraph(t, g, compile.Options{})
}

// trackerFor partitions m at q with the request (joint ids; nil: automatic) and starts a
// tracker.
func trackerFor(t *testing.T, m *compile.Model, q []float64, opts TrackerOptions, ids ...string) *Tracker {
	t.Helper()
	var req []int
	for _, id := range ids {
		req = append(req, m.Joints[m.JointIndex(id)].V0)
	}
	d := NewData(m)
	d.Jacobian(q)
	p, err := ChoosePartition(m, d.C, req, 0)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := NewTrackerWith(m, q, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// jointValue returns the coordinate of a 1-DoF joint.
func jointValue(m *compile.Model, q []float64, id string) float64 {
	return q[m.Joints[m.JointIndex(id)].Q0]
}

// TestRankChangeParallelogram drives the crank of a parallelogram four-bar (ground =
// coupler, crank = rocker) into its flattened configuration, where the closure loses a
// rank and the mechanism can switch to the anti-parallelogram branch. Landing on it and
// stepping over it are both reported as a *RankChangeError (3 → 2) naming the cut, and
// the tracker state stays at the start of the failing step.
func TestRankChangeParallelogram(t *testing.T) {
	for _, c := range []struct {
		name  string
		start float64
		steps int // steps of 0.01 rad until the flattened configuration is reached or crossed
	}{{"lands on it", -0.2, 20}, {"steps over it", -0.195, 20}} {
		t.Run(c.name, func(t *testing.T) {
			th := c.start
			m, q := fourBar(t, 0.4, 0.1, 0.4, 0.1, [4]float64{th, -th, th, th})
			tr := trackerFor(t, m, q, TrackerOptions{}, "crank_pivot")
			cut := RowOwner(m, tr.Lift.P.Rows[0])
			var err error
			k := 0
			for ; k < 40 && err == nil; k++ {
				err = tr.Step([]float64{0.01})
			}
			var rc *RankChangeError
			if !errors.As(err, &rc) {
				t.Fatalf("no rank change reported after %d steps (crank at %.4g): %v", k, jointValue(m, tr.Q, "crank_pivot"), err)
			}
			t.Log(rc)
			if k != c.steps || rc.Step != c.steps {
				t.Errorf("rank change at step %d (error says %d), want %d", k, rc.Step, c.steps)
			}
			if rc.From != 3 || rc.To != 2 || len(rc.Cuts) != 1 || rc.Cuts[0] != cut || !strings.Contains(rc.Error(), cut) {
				t.Errorf("rank %d → %d in cuts %v, want 3 → 2 in [%s]", rc.From, rc.To, rc.Cuts, cut)
			}
			if th := jointValue(m, rc.Q, "crank_pivot"); math.Abs(th) > 1e-6 {
				t.Errorf("rank decided at crank angle %.3g, want the flattened configuration 0", th)
			}
			if got, want := jointValue(m, tr.Q, "crank_pivot"), c.start+0.01*float64(c.steps-1); math.Abs(got-want) > 1e-12 || tr.Steps != c.steps-1 {
				t.Errorf("after the event the tracker is at crank %.6g after %d steps, want %.6g after %d", got, tr.Steps, want, c.steps-1)
			}
			if tr.Reconfigurations != 0 {
				t.Errorf("%d reconfigurations: a rank change is not a computational reconfiguration", tr.Reconfigurations)
			}
		})
	}
}

// TestReconfigurationAtRockerFold tracks a crank-rocker four-bar with the rocker as the
// requested independent coordinate, pushing it towards its largest angle (a fold of the
// rocker: crank and coupler aligned). The rank does not change there, so the tracker
// reconfigures: the rocker is no longer a valid independent coordinate, the new
// partition says so, and tracking continues past the fold with closure held.
func TestReconfigurationAtRockerFold(t *testing.T) {
	g, err := robots.Get("fourbar")
	if err != nil {
		t.Fatal(err)
	}
	m, q := assembleGraph(t, g, compile.Options{})
	tr := trackerFor(t, m, q, TrackerOptions{RCondTol: 0.015}, "rocker_pivot") // reached a few steps of 1e-3 rad before the fold
	rocker := func() float64 { return jointValue(m, tr.Q, "rocker_pivot") }
	const h = 1e-3
	for k := 0; tr.Reconfigurations == 0; k++ {
		if k == 5000 {
			t.Fatalf("no reconfiguration after %d steps (rocker at %.4g)", k, rocker())
		}
		if err := tr.Step([]float64{h}); err != nil {
			t.Fatalf("step %d (rocker at %.6g): %v", k, rocker(), err)
		}
	}
	ev := tr.Events[0]
	t.Log(ev)
	if ev.Kept || !strings.Contains(ev.String(), "rocker_pivot") || !strings.Contains(ev.String(), "not a valid") {
		t.Errorf("the event should say the requested rocker_pivot is no longer valid: %s", ev)
	}
	if len(ev.Independent) != 1 || ev.Independent[0] == "rocker_pivot" || ev.NewRCond < 0.015 {
		t.Errorf("new independent %v (reciprocal condition %.3g)", ev.Independent, ev.NewRCond)
	}
	// Continue in the new coordinate, in whichever direction raises the rocker: it passes
	// its largest angle and comes back down, with closure held and no re-acquisition.
	top := rocker()
	before := rocker()
	if err := tr.Step([]float64{h}); err != nil {
		t.Fatal(err)
	}
	dir := 1.0
	if rocker() < before {
		dir = -1
	}
	d := tr.Data()
	peaked := false
	for k := 0; k < 400; k++ {
		if err := tr.Step([]float64{dir * h}); err != nil {
			t.Fatalf("after the reconfiguration, step %d: %v", k, err)
		}
		if gap := testutil.MaxAbs(d.Rho); gap > 1e-12 {
			t.Fatalf("closure gap %.3g", gap)
		}
		top = math.Max(top, rocker())
		peaked = peaked || rocker() < top-1e-3
	}
	if !peaked || tr.Reacquisitions != 0 {
		t.Errorf("the rocker did not pass its fold (peak %.6g, now %.6g) or re-acquired %d times", top, rocker(), tr.Reacquisitions)
	}
}

// tripleParallelogram builds a planar linkage of three equal parallel cranks (0.1 m,
// ground pivots 0.2 m apart) carrying one coupler, seeded at crank angle th. Its 6 planar
// closure rows have rank 5 away from the flattened configurations (0 and π): one row is
// redundant, and which one turns with the cranks.
func tripleParallelogram(t *testing.T, th float64) (*compile.Model, []float64) {
	t.Helper()
	bar := func(id string) cmg.Body {
		return cmg.Body{ID: id, Mass: 1, COM: [3]float64{0.05, 0, 0}, Inertia: [6]float64{1e-3, 1e-3, 1e-3}}
	}
	rev := func(id, a, b string, pa, pb [3]float64) cmg.Joint {
		return cmg.Joint{ID: id, Type: "revolute", BodyA: a, BodyB: b, FrameA: cmg.Frame{Pos: pa}, FrameB: cmg.Frame{Pos: pb}, Axis: &[3]float64{0, 0, 1}}
	}
	g := &cmg.Graph{Schema: cmg.SchemaVersion, Name: "triple_parallelogram", Bodies: []cmg.Body{bar("crank0"), bar("crank1"), bar("crank2"), bar("coupler")}}
	seed := map[string]cmg.Values{}
	for i, c := range []string{"crank0", "crank1", "crank2"} {
		x := 0.2 * float64(i)
		g.Joints = append(g.Joints,
			rev(c+"_pivot", cmg.DefaultGround, c, [3]float64{x, 0, 0}, [3]float64{}),
			rev(c+"_coupler", c, "coupler", [3]float64{0.1, 0, 0}, [3]float64{x, 0, 0}))
		seed[c+"_pivot"], seed[c+"_coupler"] = cmg.Values{th}, cmg.Values{-th}
	}
	g.Seeds = map[string]map[string]cmg.Values{"default": seed}
	return assembleGraph(t, g, compile.Options{})
}

// TestReconfigurationKeepsRequest turns the first crank of the triple parallelogram from
// 0.3 rad past π/2, where the rows selected at the start become dependent while the rank
// stays 5: the tracker reconfigures once, keeps the requested crank (only the rows
// change), and continues with closure held. Landing close to the singular rows (R_p
// ill-conditioned) and stepping over them (det R_p changes sign) are both covered.
func TestReconfigurationKeepsRequest(t *testing.T) {
	for _, c := range []struct{ start, rcondTol float64 }{
		{0.3, ReconfigureRCond}, // a sample 8e-4 rad from π/2: R_p ill-conditioned
		{0.2958, 1e-7},          // samples 5e-3 rad either side: det R_p changes sign
	} {
		start := c.start
		m, q := tripleParallelogram(t, start)
		tr := trackerFor(t, m, q, TrackerOptions{RCondTol: c.rcondTol}, "crank0_pivot")
		rows := append([]int(nil), tr.Lift.P.Rows...)
		if tr.Lift.P.Rank != 5 {
			t.Fatalf("rank %d, want 5", tr.Lift.P.Rank)
		}
		for k := 0; k < 240; k++ {
			if err := tr.Step([]float64{0.01}); err != nil {
				t.Fatalf("start %g, step %d: %v", start, k, err)
			}
			if gap := testutil.MaxAbs(tr.Data().Rho); gap > 1e-12 {
				t.Fatalf("start %g, step %d: closure gap %.3g", start, k, gap)
			}
		}
		if tr.Reconfigurations != 1 || len(tr.Events) != 1 {
			t.Fatalf("start %g: %d reconfigurations (%v), want 1", start, tr.Reconfigurations, tr.Events)
		}
		ev := tr.Events[0]
		t.Logf("start %g: %s", start, ev)
		if !ev.Kept || len(ev.Independent) != 1 || ev.Independent[0] != "crank0_pivot" || !strings.Contains(ev.String(), "kept") {
			t.Errorf("start %g: the requested crank should be kept: %s", start, ev)
		}
		if ev.RCond >= c.rcondTol {
			t.Errorf("start %g: reconfigured at reciprocal condition %.3g, not below %.0e", start, ev.RCond, c.rcondTol)
		}
		if th := start + 0.01*float64(ev.Step); math.Abs(th-math.Pi/2) > 0.02 {
			t.Errorf("start %g: reconfigured at crank %.4g, want near π/2", start, th)
		}
		if equalInts(rows, tr.Lift.P.Rows) {
			t.Errorf("start %g: the selected rows %v did not change", start, rows)
		}
		if tr.Reacquisitions != 0 {
			t.Errorf("start %g: %d re-acquisitions", start, tr.Reacquisitions)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

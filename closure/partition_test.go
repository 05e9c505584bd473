package closure

import (
	"errors"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"strings"
	"testing"
)

// TestPartitionRequests checks both excavator requests, and that an invalid request is
// an error naming the tied coordinates and the uncontrolled mode.
func TestPartitionRequests(t *testing.T) {
	var f fixture
	for _, x := range builtins(t, false) {
		if x.name == "excavator" {
			f = x
		}
	}
	m := f.m
	d := NewData(m)
	d.Jacobian(f.q)
	for _, name := range []string{"joint_space", "cylinder_space"} {
		req, err := m.PartitionRequest(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ChoosePartition(m, d.C, req, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.Rank != 25 || p.Mobility != 7 {
			t.Errorf("%s: rank %d mobility %d, want 25 and 7", name, p.Rank, p.Mobility)
		}
		if err := NewLift(p, m.NV).Update(d.C); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// q15 and q22 move together (the pin's idle spin); requesting both leaves the rotator
	// q21 uncontrolled.
	idx := func(ids ...string) []int {
		var out []int
		for _, id := range ids {
			out = append(out, m.Joints[m.JointIndex(id)].V0)
		}
		return out
	}
	_, err := ChoosePartition(m, d.C, idx("q23", "q7", "q4", "q0", "q1", "q15", "q22"), 0)
	var pe *PartitionError
	if !errors.As(err, &pe) {
		t.Fatalf("want a PartitionError, got %v", err)
	}
	for _, want := range []string{"q15", "q22", "q21"} {
		if !strings.Contains(pe.Msg, want) {
			t.Errorf("partition error does not name %s: %s", want, pe.Msg)
		}
	}
	// Wrong count.
	if _, err := ChoosePartition(m, d.C, idx("q23"), 0); !errors.As(err, &pe) || !strings.Contains(pe.Msg, "mobility") {
		t.Errorf("a one-coordinate request should be rejected with the mobility, got %v", err)
	}
}

// TestRankCut checks the rank rule on synthetic pivots: a clear gap above the
// near-redundant band moves the cut there; no band pivots, or a gradual decay through
// the band, leave the round-off rank.
func TestRankCut(t *testing.T) {
	for _, c := range []struct {
		name string
		diag []float64
		want int
	}{
		{"no band pivots", []float64{1, 0.5, 0.03, 1e-17, 1e-19}, 3},
		{"clear gap above the band", []float64{1, 0.5, 0.03, 2e-7, 4e-8, 1e-17}, 3},
		{"gradual decay through the band", []float64{1, 1e-2, 1e-4, 1e-6, 1e-8, 1e-17}, 5},
		{"band pivot below the threshold only", []float64{1, 0.5, 1e-10, 1e-17}, 2},
		{"full rank", []float64{1, 0.5, 0.2}, 3},
	} {
		if got := rankCut(c.diag, RankTol); got != c.want {
			t.Errorf("%s: rank %d, want %d", c.name, got, c.want)
		}
	}
}

// TestBuiltinRanksUnchanged pins the automatic rank decision on every built-in in both
// comparison forms: no pivot lies in the near-redundant band, so the rule changes
// nothing there.
func TestBuiltinRanksUnchanged(t *testing.T) {
	want := map[string]int{"fourbar": 1, "fivebar": 2, "stewart": 6, "excavator": 7}
	for _, elim := range []bool{false, true} {
		for _, f := range builtins(t, elim) {
			d := NewData(f.m)
			d.Jacobian(f.q)
			p, err := ChoosePartition(f.m, d.C, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			if p.Mobility != want[f.name] || len(p.Near) != 0 {
				t.Errorf("%s (eliminated=%v): mobility %d with %d near-redundant pivots, want %d and none", f.name, elim, p.Mobility, len(p.Near), want[f.name])
			}
		}
	}
}

// TestNearRedundantKangaroo checks the report on the imported Kangaroo: 8 pivots between
// 4e-8 and 2.3e-7, two per leg in each of four closed linkages, below a gap of about
// 1.5e5, all treated as redundant (rank 60 of 84, mobility 18 with the floating base;
// 12 with the fixed base).
func TestNearRedundantKangaroo(t *testing.T) {
	for file, mobility := range map[string]int{testmodels.Kangaroo: 18, testmodels.KangarooFixed: 12} {
		m, err := compile.Compile(kangaroo(t, file), compile.Options{})
		if err != nil {
			t.Fatal(err)
		}
		q0 := m.Neutral()
		if err := m.SetJointValues(q0, kangarooHome(t)); err != nil {
			t.Fatal(err)
		}
		a, err := Assemble(m, q0, AssembleOptions{})
		if err != nil {
			t.Fatal(err)
		}
		d := NewData(m)
		d.Jacobian(a.Q)
		p, err := ChoosePartition(m, d.C, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.Rank != 60 || p.Mobility != mobility || p.Gap < 1e4 {
			t.Errorf("%s: rank %d, mobility %d, gap %.3g; want 60, %d and a clear gap", file, p.Rank, p.Mobility, p.Gap, mobility)
		}
		cuts := map[string]int{}
		for _, n := range p.Near {
			if !n.Redundant || n.Value < 1e-8 || n.Value > 1e-6 || RowOwner(m, n.Row) != n.Cut {
				t.Errorf("%s: %+v", file, n)
			}
			cuts[n.Cut]++
		}
		for _, side := range []string{"left", "right"} {
			for _, c := range []string{"hip_differential_2b", "hip_differential_3a", "hip_yaw_closed", "knee_closed"} {
				if cuts[side+"_"+c] != 1 {
					t.Errorf("%s: %d near-redundant pivots in %s_%s, want 1 (%v)", file, cuts[side+"_"+c], side, c, cuts)
				}
			}
		}
	}
}

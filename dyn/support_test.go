package dyn_test

import (
	"fmt"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
)

// supportMode builds the support mode of m at q and returns its rows, rank and mobility
// and the largest closure residual at q (which must be exactly feasible for the new model).
func supportMode(t *testing.T, m *compile.Model, q []float64, feet []string) (rows, rank, mobility int, gap float64) {
	t.Helper()
	ms, err := dyn.SupportModel(m, q, feet)
	if err != nil {
		t.Fatalf("%v: %v", feet, err)
	}
	if ms.NQ != m.NQ || ms.NV != m.NV {
		t.Fatalf("%v: support mode changed the coordinates: NQ %d→%d, NV %d→%d", feet, m.NQ, ms.NQ, m.NV, ms.NV)
	}
	d := closure.NewData(ms)
	d.Jacobian(q)
	for _, r := range d.Rho {
		gap = max(gap, abs(r))
	}
	p, err := closure.ChoosePartition(ms, d.C, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	return ms.Rows - m.Rows, p.Rank, p.Mobility, gap
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestSupportModesGo2 builds all eleven 2-, 3- and 4-foot support sets of the Go2: their
// constraint ranks are 6, 9 and 12, leaving 12, 9 and 6 independent speeds, and the
// anchored configuration is exactly feasible.
func TestSupportModesGo2(t *testing.T) {
	g, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.Go2))
	if err != nil {
		t.Fatal(err)
	}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q, err := m.Seed("home")
	if err != nil {
		q, _ = m.Seed("")
	}
	feet := []string{"FL", "FR", "RL", "RR"}
	sets := 0
	for mask := 1; mask < 16; mask++ {
		var set []string
		for i, f := range feet {
			if mask&(1<<i) != 0 {
				set = append(set, f)
			}
		}
		if len(set) < 2 {
			continue
		}
		sets++
		rows, rank, mob, gap := supportMode(t, m, q, set)
		wantRank := 3 * len(set)
		if rows != wantRank || rank != wantRank || mob != m.NV-wantRank {
			t.Errorf("%v: rows %d rank %d mobility %d, want %d, %d, %d", set, rows, rank, mob, wantRank, wantRank, m.NV-wantRank)
		}
		if gap > 1e-15 {
			t.Errorf("%v: anchored configuration violates the support by %.3g", set, gap)
		}
	}
	if sets != 11 {
		t.Fatalf("%d support sets, want 11", sets)
	}
}

// TestSupportModesKangaroo welds either or both soles of the floating Kangaroo: 18
// independent speeds in flight, 12 on one sole and 6 on both.
func TestSupportModesKangaroo(t *testing.T) {
	g, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.Kangaroo))
	if err != nil {
		t.Fatal(err)
	}
	m := testfix.Compile(t, g, compile.Options{})
	q := testfix.Assemble(t, m, "", nil)
	for _, tc := range []struct {
		soles []string
		want  int
	}{{nil, 18}, {[]string{"left_ankle_roll"}, 12}, {[]string{"right_ankle_roll"}, 12}, {[]string{"left_ankle_roll", "right_ankle_roll"}, 6}} {
		rows, _, mob, gap := supportMode(t, m, q, tc.soles)
		if rows != 6*len(tc.soles) || mob != tc.want {
			t.Errorf("soles %v: %d added rows, mobility %d; want %d, %d", tc.soles, rows, mob, 6*len(tc.soles), tc.want)
		}
		if gap > 1e-12 {
			t.Errorf("soles %v: closure gap %.3g at the anchored configuration", tc.soles, gap)
		}
	}
}

// TestSupportErrors names the unknown support.
func TestSupportErrors(t *testing.T) {
	g, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.Go2))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := compile.Compile(g, compile.Options{})
	_, err = dyn.SupportModel(m, m.Neutral(), []string{"FL", "nose"})
	if err == nil || fmt.Sprint(err) != `support "nose": no site or moving body with that id` {
		t.Fatalf("got %v", err)
	}
}

package main

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// TestBenchExportState: for both Kangaroo files (universal loop cuts, re-cut for MJCF)
// the state bench hands MuJoCo is the reduced dynamics' state: every joint of the
// original model moves with the same velocity in the re-cut export (up to round-off of
// the two lifts) and sits at the same configuration; the table labels each file by the
// name it was given.
func TestBenchExportState(t *testing.T) {
	t.Setenv(robots.ModelsEnv, testmodels.Dir(t))
	for _, name := range []string{"kangaroo", "kangaroo_floating"} {
		s, err := assembleModel(root, name, "", &compileFlags{})
		if err != nil {
			t.Fatal(err)
		}
		_, v, err := benchOps(s)
		if err != nil {
			t.Fatal(err)
		}
		m, q, ve, note, err := benchExportState(s, v)
		if err != nil {
			t.Fatal(err)
		}
		if m == s.m || note != "" {
			t.Fatalf("%s: not re-cut (%v) or a note %q", name, m == s.m, note)
		}
		ref := s.m.JointValues(s.a.Q)
		got := m.JointValues(q)
		worst, vmax := 0.0, 0.0
		for _, j := range s.m.Joints {
			k := m.JointIndex(j.ID)
			if k < 0 {
				t.Fatalf("%s: joint %s missing from the export", name, j.ID)
			}
			je := m.Joints[k]
			for i := range j.NV {
				worst = math.Max(worst, math.Abs(ve[je.V0+i]-v[j.V0+i]))
				vmax = math.Max(vmax, math.Abs(v[j.V0+i]))
			}
			for i, x := range ref[j.ID] {
				if math.Abs(got[j.ID][i]-x) > 1e-9 {
					t.Errorf("%s: joint %s coordinate %d: %v in the export, %v assembled", name, j.ID, i, got[j.ID][i], x)
				}
			}
		}
		t.Logf("%s: joint velocities agree to %.3g (largest %.3g)", name, worst, vmax)
		if vmax == 0 || worst > 1e-9*vmax {
			t.Errorf("%s: joint velocities differ by %.3g in the export (largest %.3g)", name, worst, vmax)
		}
		if l := benchLabel(name, s.m.Graph.Name); l != name {
			t.Errorf("label %q, want %q", l, name)
		}
	}
}

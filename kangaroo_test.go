package robocompiler_test

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/check"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// TestKangarooNamed loads the named Kangaroo models (the shared MJCF imported with its
// connect pairs merged and its planar loops snapped) and holds them to issue #15's
// targets: the assembled gap, a rank with a clear gap and no near-redundant direction,
// the mobility, and the consistency witnesses at random feasible states.
func TestKangarooNamed(t *testing.T) {
	t.Setenv(robots.ModelsEnv, testmodels.Dir(t))
	for _, tc := range []struct {
		name     string
		nv, mob  int
		supports []string
	}{
		{"kangaroo", 72, 12, nil},
		{"kangaroo_floating", 78, 18, nil},
	} {
		m, err := robocompiler.Load(tc.name, robocompiler.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := m.NewData()
		if err := d.Assemble(""); err != nil {
			t.Fatal(err)
		}
		p := d.Partition()
		t.Logf("%s: gap %.3g m, rank %d of %d rows (gap %.3g), mobility %d", tc.name, d.Assembly.GapM, p.Rank, m.Rows, p.Gap, p.Mobility)
		if d.Assembly.GapM > 1e-13 || d.Assembly.GapRad > 1e-13 {
			t.Errorf("%s: closure gap %.3g m, %.3g rad", tc.name, d.Assembly.GapM, d.Assembly.GapRad)
		}
		// 20 point + 4 universal cuts: 76 rows, rank nv - mobility.
		if m.NV != tc.nv || m.Rows != 76 || p.Rank != tc.nv-tc.mob || p.Mobility != tc.mob || len(p.Near) != 0 || !(p.Gap > 1e12) {
			t.Errorf("%s: nv %d, rows %d, rank %d, mobility %d, %d near-redundant, gap %.3g; want nv %d, 76 rows, mobility %d, none near-redundant, a clear gap",
				tc.name, m.NV, m.Rows, p.Rank, p.Mobility, len(p.Near), p.Gap, tc.nv, tc.mob)
		}
		rep, err := check.Run(d, check.Options{States: 10, Seed: 15})
		if err != nil {
			t.Fatal(err)
		}
		if rep.DeltaAMax > 1e-13 || rep.VirtualPowerDefectMaxW > 1e-12 || !(rep.CurvatureOmissionRatioMin >= 1e6) || rep.JacobianFDRelMax > 1e-7 {
			t.Errorf("%s: delta_a %.3g, virtual power defect %.3g W, curvature omission %.3g, Jacobian FD %.3g",
				tc.name, rep.DeltaAMax, rep.VirtualPowerDefectMaxW, rep.CurvatureOmissionRatioMin, rep.JacobianFDRelMax)
		}
		for _, f := range rep.Failures() {
			t.Errorf("%s: %s", tc.name, f)
		}
	}
}

// TestLoadMergeConnectPairs: the import options reach the MJCF importer through Load;
// without them the shared Kangaroo loads as before (28 point cuts, 84 rows).
func TestLoadMergeConnectPairs(t *testing.T) {
	path := testmodels.Path(t, testmodels.KangarooFixed)
	for _, tc := range []struct {
		opts robocompiler.Options
		rows int
	}{
		{robocompiler.Options{}, 84},
		{robocompiler.Options{MergeConnectPairs: true}, 76},
		{robocompiler.Options{MergeConnectPairs: true, SnapPlanarLoops: true}, 76},
	} {
		m, err := robocompiler.Load(path, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if m.Rows != tc.rows {
			t.Errorf("%+v: %d rows, want %d", tc.opts, m.Rows, tc.rows)
		}
		if snapped := len(m.Warnings) > 0; snapped != tc.opts.SnapPlanarLoops {
			t.Errorf("%+v: warnings %q", tc.opts, m.Warnings)
		}
	}
}

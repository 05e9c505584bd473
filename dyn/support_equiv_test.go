package dyn_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/spatial"
)

// recompiledSupport is the reference support mode: m's records with each support added
// as a declared loop cut anchored at its pose at q, compiled again from scratch.
func recompiledSupport(t *testing.T, m *compile.Model, q []float64, names []string) *compile.Model {
	t.Helper()
	d := dyn.NewData(m)
	d.ForwardKinematics(q, make([]float64, m.NV))
	g := m.Graph.Clone()
	for _, name := range names {
		node, frame, kind, err := m.SupportFrame(name)
		if err != nil {
			t.Fatal(err)
		}
		w := d.Pose(node).Mul(frame)
		wq, fq := [4]float64(spatial.QuatFromMat3(w.R)), [4]float64(spatial.QuatFromMat3(frame.R))
		typ := cmg.CutWeld
		if kind == compile.RowsPoint {
			typ = cmg.CutPoint
		}
		g.LoopCuts = append(g.LoopCuts, cmg.LoopCut{ID: compile.SupportPrefix + name, Type: typ,
			BodyA: m.GroundName, FrameA: cmg.Frame{Pos: w.P, Quat: &wq},
			BodyB: m.Node(node), FrameB: cmg.Frame{Pos: frame.P, Quat: &fq}})
	}
	ms, err := compile.Compile(g, compile.Options{Eliminate: m.Eliminated})
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestSupportModelMatchesRecompiled: the support mode built on the compiled model has
// the rows, cycle rank, comparisons, closure residual and Jacobian, partition and reduced
// accelerations of the support mode recompiled from the records (to round-off: the
// recompiled anchors pass through quaternions).
func TestSupportModelMatchesRecompiled(t *testing.T) {
	for _, tc := range []struct {
		model    string
		supports []string
	}{
		{testmodels.Go2, []string{"FL", "FR", "RL", "RR"}},
		{testmodels.Go2, []string{"RR", "FL"}},
		{testmodels.Go2, []string{"base"}},
		{testmodels.Kangaroo, []string{"left_ankle_roll", "right_ankle_roll"}},
	} {
		g, _, err := mjcf.ImportFile(testmodels.Path(t, tc.model))
		if err != nil {
			t.Fatal(err)
		}
		m := testfix.Compile(t, g, compile.Options{})
		q := testfix.Assemble(t, m, "", nil)
		got, err := dyn.SupportModel(m, q, tc.supports)
		if err != nil {
			t.Fatal(err)
		}
		want := recompiledSupport(t, m, q, tc.supports)
		name := fmt.Sprint(tc.model, tc.supports)
		compareModes(t, name, got, want, q)
	}
}

func compareModes(t *testing.T, name string, got, want *compile.Model, q []float64) {
	t.Helper()
	if got.Rows != want.Rows || got.CycleRank != want.CycleRank || len(got.Comparisons) != len(want.Comparisons) {
		t.Fatalf("%s: rows %d, cycle rank %d, %d comparisons; recompiled %d, %d, %d", name,
			got.Rows, got.CycleRank, len(got.Comparisons), want.Rows, want.CycleRank, len(want.Comparisons))
	}
	for i := range got.Comparisons {
		a, b := &got.Comparisons[i], &want.Comparisons[i]
		if a.ID != b.ID || a.Source != b.Source || a.Kind != b.Kind || a.Row != b.Row || a.NodeA != b.NodeA ||
			a.NodeB != b.NodeB || a.LCA != b.LCA ||
			!slices.Equal(got.AppendColumns(nil, a), want.AppendColumns(nil, b)) || !slices.Equal(pathOf(got, a), pathOf(want, b)) {
			t.Fatalf("%s: comparison %d is %s %s row %d, recompiled %s %s row %d", name, i, a.ID, a.Kind, a.Row, b.ID, b.Kind, b.Row)
		}
		if d := max(transformDiff(a.FrameA, b.FrameA), transformDiff(a.FrameB, b.FrameB)); d > 1e-14 {
			t.Errorf("%s: comparison %s frames differ by %.3g", name, a.ID, d)
		}
	}
	if !slices.Equal(got.Blocks(), want.Blocks()) {
		t.Errorf("%s: residual blocks differ", name)
	}
	for b := range got.Blocks() {
		if !slices.Equal(got.AppendBlockColumns(nil, b), want.AppendBlockColumns(nil, b)) {
			t.Errorf("%s: the columns of residual block %d differ", name, b)
		}
	}
	dg, dw := closure.NewData(got), closure.NewData(want)
	dg.Jacobian(q)
	dw.Jacobian(q)
	for r := range got.Rows {
		if d := math.Abs(dg.Rho[r] - dw.Rho[r]); d > 1e-14 {
			t.Errorf("%s: residual row %d differs by %.3g", name, r, d)
		}
		for c := range got.NV {
			if d := math.Abs(dg.C.At(r, c) - dw.C.At(r, c)); d > 1e-13*max(1, math.Abs(dw.C.At(r, c))) {
				t.Errorf("%s: C[%d,%d] differs by %.3g", name, r, c, d)
			}
		}
	}
	// The automatic choice of dependent columns may break near-ties differently at
	// round-off (the Kangaroo's welded soles), so the accelerations are compared under the
	// recompiled mode's partition; the rank and mobility must agree.
	pw, err := closure.PartitionAt(want, q, nil)
	if err != nil {
		t.Fatal(err)
	}
	pa, err := closure.PartitionAt(got, q, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pa.Rank != pw.Rank || pa.Mobility != pw.Mobility {
		t.Fatalf("%s: partition rank %d mobility %d; recompiled %d %d", name, pa.Rank, pa.Mobility, pw.Rank, pw.Mobility)
	}
	pg, err := closure.PartitionAt(got, q, pw.Independent)
	if err != nil {
		t.Fatal(err)
	}
	pw, err = closure.PartitionAt(want, q, pw.Independent)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pg.Rows, pw.Rows) || !slices.Equal(pg.Dependent, pw.Dependent) {
		t.Fatalf("%s: requested partition rows %v dependent %v; recompiled %v %v", name, pg.Rows, pg.Dependent, pw.Rows, pw.Dependent)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	u, f := make([]float64, pg.Mobility), make([]float64, len(got.Ports))
	for i := range u {
		u[i] = 2*rng.Float64() - 1
	}
	for i := range f {
		f[i] = 20 * (2*rng.Float64() - 1)
	}
	ag, aw := reducedAccel(t, got, pg, q, u, f), reducedAccel(t, want, pw, q, u, f)
	scale := 0.0
	for _, x := range aw {
		scale = max(scale, math.Abs(x))
	}
	for i := range ag {
		if d := math.Abs(ag[i] - aw[i]); d > 1e-12*scale {
			t.Errorf("%s: reduced acceleration %d is %.17g, recompiled %.17g", name, i, ag[i], aw[i])
		}
	}
}

// reducedAccel returns u̇ (len D) at (q, u) under the port efforts f.
func reducedAccel(t *testing.T, m *compile.Model, p *closure.Partition, q, u, f []float64) []float64 {
	t.Helper()
	d := (&robocompiler.Model{Model: m}).NewData()
	if err := d.Place(q, p); err != nil {
		t.Fatal(err)
	}
	if err := d.SetState(u, nil); err != nil {
		t.Fatal(err)
	}
	if err := d.Forward(f, nil); err != nil {
		t.Fatal(err)
	}
	return d.Udot
}

func transformDiff(a, b spatial.Transform) float64 {
	d := 0.0
	for i := range 3 {
		d = max(d, math.Abs(a.P[i]-b.P[i]))
		for j := range 3 {
			d = max(d, math.Abs(a.R[i][j]-b.R[i][j]))
		}
	}
	return d
}

// pathOf is the tree path of comparison c of m.
func pathOf(m *compile.Model, c *compile.Comparison) []compile.Factor {
	p, _ := m.Path(c.NodeA, c.NodeB)
	return p
}

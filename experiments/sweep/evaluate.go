package sweep

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/check"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/taskfile"
	"github.com/robocompiler/robocompiler/experiments/tasks"
)

// Timing is one variant's line of a shard's timings file: wall time and bench results,
// which differ from run to run and so are kept out of the rows.
type Timing struct {
	Variant int     `json:"variant"`
	WallS   float64 `json:"wall_s"`
	// ForwardNs and InverseNs are the bench step's mean times of Data.Forward and
	// Data.Inverse at the assembled state, ns (0 without the bench step).
	ForwardNs float64 `json:"forward_ns,omitempty"`
	InverseNs float64 `json:"inverse_ns,omitempty"`
}

// evaluate runs the sweep's steps on variant v and returns its row and timing. A
// failure of the variant (invalid records, a numerical failure, even a panic) is the
// row's status, never an error: one bad variant does not stop a sweep.
func (b *builder) evaluate(v Variant) (row Row, tm Timing) {
	start := time.Now()
	row = Row{Variant: v.Index, Params: map[string]float64{}, Status: StatusOK, Metrics: map[string]*float64{}}
	for j, p := range b.s.Parameters {
		row.Params[p.Name] = v.Values[j]
	}
	if v.Generated >= 0 {
		row.Params["generated"] = float64(v.Generated)
	}
	tm.Variant = v.Index
	defer func() {
		if x := recover(); x != nil {
			row.Status, row.Message = StatusInternal, fmt.Sprintf("internal error (%v); this is a bug: please report it with the sweep file", x)
		}
		tm.WallS = time.Since(start).Seconds()
	}()
	b.steps(v, &row, &tm)
	return row, tm
}

// steps runs compile, assemble, check, simulate and bench on v, stopping at the first
// failure.
func (b *builder) steps(v Variant, row *Row, tm *Timing) {
	s := b.s
	row.Model = b.name(v)
	g, err := b.graph(v)
	if err != nil {
		row.fail(StatusInvalid, err)
		return
	}
	opts := robocompiler.Options{}
	if s.Run.Assemble != nil {
		opts.Partition = s.Run.Assemble.Partition
	}
	m, err := robocompiler.Compile(g, opts)
	if err != nil {
		row.fail(StatusInvalid, err)
		return
	}
	for name, x := range map[string]int{"bodies": len(m.Bodies), "joints": len(m.Joints), "cycle_rank": m.CycleRank,
		"coordinates": m.NV, "tree_coordinates": m.NVT, "residual_rows": m.Rows} {
		row.set(s, "compile."+name, float64(x))
	}
	if s.Run.assembles() {
		d, ok := b.assemble(m, row)
		if !ok {
			return
		}
		if s.Run.Check != nil && !b.check(d, row) {
			return
		}
		if s.Run.Bench != nil {
			bench(d, s.Run.Bench.Repeats, tm)
		}
	}
	if s.Run.Simulate != nil {
		b.simulate(g, row)
	}
}

// assemble assembles m from the step's seed and records the assembly metrics.
func (b *builder) assemble(m *robocompiler.Model, row *Row) (*robocompiler.Data, bool) {
	s := b.s
	seed := ""
	if s.Run.Assemble != nil {
		seed = s.Run.Assemble.Seed
	}
	d := m.NewData()
	if err := d.Assemble(seed); err != nil {
		var fe *cmg.FieldError
		if _, serr := m.Seed(seed); serr != nil || errors.As(err, &fe) {
			row.fail(StatusInvalid, err)
		} else {
			row.fail(StatusNumerical, fmt.Errorf("assembling from seed %q: %w", seedLabel(seed), err))
		}
		return nil, false
	}
	a, p := d.Assembly, d.Partition()
	for name, x := range map[string]float64{"closure_gap_m": a.GapM, "closure_gap_rad": a.GapRad, "residual_inf": a.ResidualInf,
		"iterations": float64(a.Iterations), "continuation_steps": float64(a.Steps), "rank": float64(p.Rank),
		"mobility": float64(p.Mobility)} {
		row.set(s, "assemble."+name, x)
	}
	zero := make([]float64, len(d.U))
	if err := d.SetState(zero, zero); err != nil {
		row.fail(StatusNumerical, fmt.Errorf("holding the assembled configuration at rest: %w", err))
		return nil, false
	}
	if err := d.Inverse(nil); err != nil {
		row.fail(StatusNumerical, fmt.Errorf("static efforts at the assembled configuration: %w", err))
		return nil, false
	}
	peak := 0.0
	for _, t := range d.TauR {
		peak = math.Max(peak, math.Abs(t))
	}
	row.set(s, "assemble.static_effort_max", peak)
	return d, true
}

// seedLabel names a seed ("" is the default one).
func seedLabel(seed string) string {
	if seed == "" {
		return "default"
	}
	return seed
}

// check runs the consistency witnesses and records them; a missed target is a
// numerical failure with the metrics kept.
func (b *builder) check(d *robocompiler.Data, row *Row) bool {
	s := b.s
	c := s.Run.Check
	opts := check.Options{States: c.States, Seed: c.Seed, Extended: c.Extended}
	if opts.States == 0 {
		opts.States = 5
	}
	rep, err := check.Run(d, opts)
	if rep == nil {
		row.fail(StatusNumerical, fmt.Errorf("check: %w", err))
		return false
	}
	failures := rep.Failures()
	if err != nil {
		failures = append(failures, err.Error())
	}
	passed := 0.0
	if len(failures) == 0 {
		passed = 1
	}
	for name, x := range map[string]float64{"states": float64(rep.States), "jacobian_fd_rel_max": rep.JacobianFDRelMax,
		"lift_residual_max": rep.LiftResidualMax, "virtual_power_defect_max_W": rep.VirtualPowerDefectMaxW,
		"delta_a_max": rep.DeltaAMax, "delta_a_target": rep.DeltaATarget, "cond_mr_max": rep.CondMrMax,
		"delta_f_max": rep.DeltaFMax, "constraint_accel_residual_max": rep.ConstraintAccelResidualMax,
		"curvature_fd_rel_max": rep.CurvatureFDRelMax, "curvature_omission_ratio_min": rep.CurvatureOmissionRatioMin,
		"passed": passed} {
		row.set(s, "check."+name, x)
	}
	if len(failures) > 0 {
		row.fail(StatusNumerical, fmt.Errorf("check failed (--seed %d, %d states): %s", opts.Seed, opts.States, strings.Join(failures, "; ")))
		return false
	}
	return true
}

// simulate runs the task on the variant's records and records its metrics.
func (b *builder) simulate(g *cmg.Graph, row *Row) {
	s := b.s
	t, err := tasks.Get(s.Run.Simulate.Task)
	if err != nil {
		row.fail(StatusInvalid, err)
		return
	}
	res, err := tasks.RunFile(t, g.Clone(), tasks.Options{Duration: s.Run.Simulate.Duration})
	if err != nil {
		var fe *cmg.FieldError
		var es cmg.Errors
		var te *taskfile.Error
		if errors.As(err, &fe) || errors.As(err, &es) || errors.As(err, &te) {
			row.fail(StatusInvalid, err)
		} else {
			row.fail(StatusNumerical, fmt.Errorf("simulate %s: %w", t.Name, err))
		}
		return
	}
	row.set(s, "simulate.steps", float64(res.Steps()))
	row.set(s, "simulate.closure_gap_max_m", res.GapMaxM())
	for _, mt := range res.Metrics {
		row.set(s, "simulate."+mt.Name, mt.Value)
	}
}

// bench times Forward and Inverse at d's assembled state at rest (repeats evaluations
// each, default 100).
func bench(d *robocompiler.Data, repeats int, tm *Timing) {
	if repeats == 0 {
		repeats = 100
	}
	t0 := time.Now()
	for range repeats {
		if d.Forward(nil, nil) != nil {
			return
		}
	}
	tm.ForwardNs = float64(time.Since(t0).Nanoseconds()) / float64(repeats)
	t0 = time.Now()
	for range repeats {
		if d.Inverse(nil) != nil {
			return
		}
	}
	tm.InverseNs = float64(time.Since(t0).Nanoseconds()) / float64(repeats)
}

package tasks

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/experiments/taskfile"
	"github.com/robocompiler/robocompiler/sim"
	sbrun "github.com/robocompiler/robocompiler/sim/simbody"
)

// fixedColumns are the log columns of every reduced-dynamics rollout (sim.Log) besides
// the per-coordinate and per-port ones.
var fixedColumns = []string{"t", "gap_m", "gap_rad", "kinetic_J", "potential_J", "work_J", "dissipated_J", "balance_J"}

// nativeColumns are the columns a MuJoCo run adds (sim/native).
var nativeColumns = []string{"gap_native"}

// simbodyColumns are the columns of a Simbody run (sim/simbody) besides the coordinates,
// ports and probes.
var simbodyColumns = []string{"t", "qerr_simbody", "uerr_simbody", "kinetic_J", "potential_J", "work_J", "dissipated_J", "balance_J"}

// columnsOf predicts the log columns of run r with the probes of one controller
// instance: exact names, and prefixes for the per-coordinate columns.
func columnsOf(r *runPlan, probes []sim.Probe) (exact []string, prefixes []string) {
	exact = fixedColumns
	prefixes = []string{"q:", "v:", "u["}
	if r.spec.Backend == "simbody" {
		exact, prefixes = simbodyColumns, []string{"q:"}
	}
	exact = slices.Clone(exact)
	for _, p := range r.pl.m.Ports {
		exact = append(exact, "ell:"+p.ID, "f:"+p.ID)
	}
	for _, p := range probes {
		exact = append(exact, p.Columns()...)
	}
	if r.spec.Backend == "mujoco" {
		exact = append(exact, nativeColumns...)
		prefixes = append(prefixes, "site:")
	}
	return exact, prefixes
}

// checkColumns checks, before anything runs, that every column a metric or plot names
// (or prefix it matches) exists in the log of at least one run it applies to.
func (p *filePlan) checkColumns(builds []*runBuild) error {
	type cols struct{ exact, prefixes []string }
	per := map[string]cols{}
	for i, r := range p.runs {
		_, probes, _, err := (*builds[i])()
		if err != nil {
			return err
		}
		e, pre := columnsOf(r, probes)
		per[r.spec.Name] = cols{e, pre}
	}
	has := func(runs []string, name string, prefix bool) bool {
		if len(runs) == 0 {
			for _, r := range p.runs {
				runs = append(runs, r.spec.Name)
			}
		}
		for _, rn := range runs {
			c := per[rn]
			for _, e := range c.exact {
				if e == name || (prefix && strings.HasPrefix(e, name)) {
					return true
				}
			}
			for _, pre := range c.prefixes {
				if strings.HasPrefix(name, pre) || (prefix && strings.HasPrefix(pre, name)) {
					return true
				}
			}
		}
		return false
	}
	valid := func(runs []string) string {
		if len(runs) == 0 {
			runs = []string{p.runs[0].spec.Name}
		}
		c := per[runs[0]]
		return validList(append(slices.Clone(c.exact), "q:<coordinate>", "v:<coordinate>", "u[<k>]"))
	}
	for i, m := range p.s.Metrics {
		fld := fmt.Sprintf("metrics[%d]", i)
		runs := m.Runs
		if len(m.Between) > 0 {
			runs = m.Between
		}
		for _, c := range []struct {
			field, name string
			prefix      bool
		}{{"rms", m.RMS, false}, {"min", m.Min, false}, {"final", m.Final, false}} {
			if c.name != "" && !has(runs, c.name, false) {
				return p.f.Errorf(fld+"."+c.field, "%q: no such log column (columns: %s)", c.name, valid(runs))
			}
		}
		for _, rn := range m.Between {
			if m.RMSDiff != "" && !has([]string{rn}, m.RMSDiff, false) {
				return p.f.Errorf(fld+".rms_diff", "%q: no such log column in run %s (columns: %s)", m.RMSDiff, rn, valid([]string{rn}))
			}
		}
		for k, pre := range append(slices.Clone(m.Peak), m.Diff...) {
			if !has(runs, pre, true) {
				field := fmt.Sprintf("%s.peak[%d]", fld, k)
				if len(m.Diff) > 0 {
					field = fmt.Sprintf("%s.diff[%d]", fld, k)
				}
				return p.f.Errorf(field, "%q: no log column starts with it (columns: %s)", pre, valid(runs))
			}
		}
	}
	for i, pl := range p.s.Plots {
		for k, c := range pl.Columns {
			name, prefix := strings.CutSuffix(c, "*")
			if !has(pl.Runs, name, prefix) {
				return p.f.Errorf(fmt.Sprintf("plots[%d].columns[%d]", i, k), "%q: no such log column (columns: %s)", c, valid(pl.Runs))
			}
		}
	}
	return nil
}

// report computes the file's metrics and figures from the runs of res.
func (p *filePlan) report(res *Result) {
	multi := len(p.s.Runs) > 1
	byName := map[string]Run{}
	for _, r := range res.Runs {
		byName[r.Name] = r
	}
	for _, m := range p.s.Metrics {
		if len(m.Diff) > 0 {
			a, b := byName[m.Between[0]], byName[m.Between[1]]
			res.Metrics = append(res.Metrics, Metric{m.Name, m.Scale * logDiff(a.Log, b.Log, m.Diff)})
			continue
		}
		if m.RMSDiff != "" {
			ra, _ := metricValue(&taskfile.Metric{RMS: m.RMSDiff, Window: m.Window}, byName[m.Between[0]])
			rb, _ := metricValue(&taskfile.Metric{RMS: m.RMSDiff, Window: m.Window}, byName[m.Between[1]])
			v := math.Abs(rb - ra)
			if m.Relative {
				v /= ra
			}
			res.Metrics = append(res.Metrics, Metric{m.Name, m.Scale * v})
			continue
		}
		for _, r := range res.Runs {
			if len(m.Runs) > 0 && !slices.Contains(m.Runs, r.Name) {
				continue
			}
			v, ok := metricValue(&m, r)
			if !ok {
				continue // the column is not in this run's log (e.g. a MuJoCo run)
			}
			name := m.Name
			if multi {
				name += "_" + r.Name
			}
			res.Metrics = append(res.Metrics, Metric{name, m.Scale * v})
		}
	}
	var reduced []Run
	closed := false
	for _, r := range res.Runs {
		if r.Log.Index("gap_m") >= 0 {
			reduced = append(reduced, r)
			closed = closed || r.Stats.GapMaxM > 0
		}
	}
	gapDone := false
	for _, pl := range p.s.Plots {
		fig := plot.Plot{Title: pl.Title, XLabel: "t (s)", YLabel: pl.YLabel, LogY: pl.LogY}
		for _, r := range res.Runs {
			if len(pl.Runs) > 0 && !slices.Contains(pl.Runs, r.Name) {
				continue
			}
			for _, c := range pl.Columns {
				for _, col := range matchColumns(r.Log, c) {
					label := r.Name
					if len(pl.Columns) > 1 || strings.HasSuffix(c, "*") {
						label = col + " (" + r.Name + ")"
						if len(res.Runs) == 1 || len(pl.Runs) == 1 {
							label = col
						}
					}
					fig.Series = append(fig.Series, plot.Series{Log: r.Log, X: "t", Y: col, Scale: pl.Scale, Label: label})
				}
			}
		}
		res.Figures = append(res.Figures, Figure{File: pl.File, Plot: fig})
		gapDone = gapDone || pl.File == "closure_gap.png"
	}
	if !gapDone && closed {
		title := p.s.Name
		res.Figures = append(res.Figures, gapFigure(title, reduced))
	}
}

// matchColumns returns the log's columns named c, or starting with c's prefix before a
// trailing *.
func matchColumns(l *sim.Log, c string) []string {
	pre, wild := strings.CutSuffix(c, "*")
	if !wild {
		if l.Index(c) >= 0 {
			return []string{c}
		}
		return nil
	}
	var out []string
	for _, x := range l.Columns {
		if strings.HasPrefix(x, pre) {
			out = append(out, x)
		}
	}
	return out
}

// metricValue computes a per-run metric (unscaled); ok is false when the run's log lacks
// the column.
func metricValue(m *taskfile.Metric, r Run) (float64, bool) {
	l := r.Log
	rows := windowRows(l, m.Window)
	col := func(name string) int { return l.Index(name) }
	switch {
	case m.RMS != "":
		c := col(m.RMS)
		if c < 0 {
			return 0, false
		}
		s := 0.0
		for _, i := range rows {
			x := l.Row(i)[c]
			s += x * x
		}
		return math.Sqrt(s / float64(max(len(rows), 1))), true
	case len(m.Peak) > 0:
		p, found := 0.0, false
		for c, name := range l.Columns {
			if !slices.ContainsFunc(m.Peak, func(pre string) bool { return strings.HasPrefix(name, pre) }) {
				continue
			}
			found = true
			for _, i := range rows {
				if x := math.Abs(l.Row(i)[c]); x > p {
					p = x
				}
			}
		}
		return p, found
	case m.Min != "":
		c := col(m.Min)
		if c < 0 {
			return 0, false
		}
		v := math.Inf(1)
		for _, i := range rows {
			v = math.Min(v, l.Row(i)[c])
		}
		return v, true
	case m.Final != "":
		c := col(m.Final)
		if c < 0 || len(rows) == 0 {
			return 0, false
		}
		return l.Row(rows[len(rows)-1])[c], true
	}
	switch m.Stat {
	case "closure_gap_m":
		return r.Stats.GapMaxM, true
	case "closure_gap_rad":
		return r.Stats.GapMaxRad, true
	case "native_gap":
		return r.NativeGap, l.Index("gap_native") >= 0
	case "constraint_qerr":
		return simbodyStat(r, func(s *sbrun.Stats) float64 { return s.QErrMax })
	case "constraint_uerr":
		return simbodyStat(r, func(s *sbrun.Stats) float64 { return s.UErrMax })
	case "balance_drift":
		if r.Simbody != nil {
			return r.Simbody.BalanceDriftJ, true
		}
		return ledgerDrift(l)
	case "reconfigurations":
		return float64(r.Stats.Reconfigurations), true
	case "mode_switches":
		return float64(r.Stats.ModeSwitches), true
	}
	return float64(r.Stats.Steps), true
}

// simbodyStat returns a statistic of a Simbody run (ok false for the other backends).
func simbodyStat(r Run, get func(*sbrun.Stats) float64) (float64, bool) {
	if r.Simbody == nil {
		return 0, false
	}
	return get(r.Simbody), true
}

// ledgerDrift returns the largest |balance_J − balance_J at the first row| of a log
// (ok false without the column).
func ledgerDrift(l *sim.Log) (float64, bool) {
	c := l.Index("balance_J")
	if c < 0 || l.Rows() == 0 {
		return 0, false
	}
	b0, d := l.Row(0)[c], 0.0
	for i := range l.Rows() {
		d = math.Max(d, math.Abs(l.Row(i)[c]-b0))
	}
	return d, true
}

// windowRows returns the rows of l with t in the window [t0, t1] (all rows for nil).
func windowRows(l *sim.Log, w []float64) []int {
	var out []int
	for i := range l.Rows() {
		t := l.Row(i)[0]
		if w == nil || (t >= w[0] && t <= w[1]) {
			out = append(out, i)
		}
	}
	return out
}

// logDiff returns the largest |a − b| at matching rows over the columns of a starting
// with any of the prefixes (and present in b).
func logDiff(a, b *sim.Log, prefixes []string) float64 {
	d := 0.0
	for i, c := range a.Columns {
		if !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(c, p) }) {
			continue
		}
		j := b.Index(c)
		if j < 0 {
			continue
		}
		for r := range min(a.Rows(), b.Rows()) {
			d = math.Max(d, math.Abs(a.Row(r)[i]-b.Row(r)[j]))
		}
	}
	return d
}

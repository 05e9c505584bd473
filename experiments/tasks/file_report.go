package tasks

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/experiments/taskfile"
	"github.com/robocompiler/robocompiler/sim"
)

// fixedColumns are the log columns of every reduced-dynamics rollout (sim.Log) besides
// the per-coordinate and per-port ones.
var fixedColumns = []string{"t", "gap_m", "gap_rad", "kinetic_J", "potential_J", "work_J", "dissipated_J", "balance_J"}

// nativeColumns are the columns a MuJoCo run adds (sim/native).
var nativeColumns = []string{"gap_native"}

// columnsOf predicts the log columns of run r with the probes of one controller
// instance: exact names, and prefixes for the per-coordinate columns.
func columnsOf(r *runPlan, probes []sim.Probe) (exact []string, prefixes []string) {
	exact = append(exact, fixedColumns...)
	for _, p := range r.pl.m.Ports {
		exact = append(exact, "ell:"+p.ID, "f:"+p.ID)
	}
	for _, p := range probes {
		exact = append(exact, p.Columns()...)
	}
	prefixes = []string{"q:", "v:", "u["}
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
		_, probes, _, _, err := (*builds[i])()
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
	runOf := map[*sim.Log]string{}
	for _, r := range res.Runs {
		runOf[r.Log] = r.Name
	}
	for i := range res.Figures {
		markEvents(&res.Figures[i].Plot, res.Events, runOf)
	}
}

// maxMarks bounds the event markers drawn on one figure.
const maxMarks = 12

// markEvents draws the events of the figure's runs (runOf names the run of each log) as
// vertical lines across its data range, labelled once per kind ("partition switch",
// "mode change").
func markEvents(pl *plot.Plot, events []Event, runOf map[*sim.Log]string) {
	lo, hi := math.Inf(1), math.Inf(-1)
	runs := map[string]bool{}
	for _, s := range pl.Series {
		runs[runOf[s.Log]] = true
		c := s.Log.Index(s.Y)
		k := s.Scale
		if k == 0 {
			k = 1
		}
		for r := range s.Log.Rows() {
			y := k * s.Log.Row(r)[c]
			if math.IsNaN(y) || math.IsInf(y, 0) || (pl.LogY && y <= 0) {
				continue
			}
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
	}
	if !(hi > lo) {
		return
	}
	labelled := map[string]bool{}
	n := 0
	for _, e := range events {
		if !runs[e.Run] || len(e.From) == 0 || n == maxMarks { // not the first mode
			continue
		}
		label := "partition switch"
		if e.Kind == "mode" {
			label = "mode change"
		}
		if labelled[label] {
			label = ""
		}
		labelled[label] = true
		mark := &sim.Log{Columns: []string{"t", "event"}, Data: []float64{e.T, lo, e.T, hi}}
		pl.Series = append(pl.Series, plot.Series{Log: mark, X: "t", Y: "event", Label: label})
		n++
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
	case "reconfigurations":
		return float64(r.Stats.Reconfigurations), true
	case "mode_switches":
		return float64(r.Stats.ModeSwitches), true
	}
	return float64(r.Stats.Steps), true
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

package tasks

import (
	"math"
	"strings"

	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/sim"
)

// rmsColumn returns the root mean square of a log column over its rows.
func rmsColumn(l *sim.Log, name string) (float64, error) {
	c, err := l.Column(name)
	if err != nil {
		return 0, err
	}
	s := 0.0
	for _, x := range c {
		s += x * x
	}
	return math.Sqrt(s / float64(max(len(c), 1))), nil
}

// peakAbs returns the largest |value| over every column whose name starts with prefix.
func peakAbs(l *sim.Log, prefix string) float64 {
	p := 0.0
	for i, c := range l.Columns {
		if !strings.HasPrefix(c, prefix) {
			continue
		}
		for r := range l.Rows() {
			p = math.Max(p, math.Abs(l.Row(r)[i]))
		}
	}
	return p
}

// gapFigure plots the translational closure gap of every run.
func gapFigure(title string, runs []Run) Figure {
	p := plot.Plot{Title: title + ": closure gap", XLabel: "t (s)", YLabel: "max |ρ| (m)", LogY: true}
	for _, r := range runs {
		p.Series = append(p.Series, plot.Series{Log: r.Log, X: "t", Y: "gap_m", Label: r.Name})
	}
	return Figure{File: "closure_gap.png", Plot: p}
}

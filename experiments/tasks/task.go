// Package tasks runs simulate task files (experiments/taskfile, docs/task-format.md) on
// the sim rollout engine: it resolves a file against its model (every name checked before
// anything runs), builds the controllers, references, support schedules and disturbances
// the file describes, runs its named rollouts on the reduced dynamics or natively in
// MuJoCo, and returns their logs, metrics, figures and events. The shipped tasks of the
// paper's actuation and task sections (VI-E/F) are task files embedded from the
// repository's tasks/ directory (Names, Get). Two experiments whose controllers are not
// data — the Panda tool path with its covariance check, the Go2 stepping with its
// balance shift and the Kangaroo landing with its touchdown schedule — remain Go runners
// a file selects by name (runner: panda, go2, go2_native, kangaroo_landing,
// kangaroo_landing_native). It is an application of the library, outside the pipeline: no library
// package imports it.
package tasks

import (
	"fmt"

	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/sim"
	sbrun "github.com/robocompiler/robocompiler/sim/simbody"
)

// Options configure a task run.
type Options struct {
	// Duration overrides the task's reference duration (s; 0 keeps the task's own).
	Duration float64
	// Progress, when set, is called as steps complete with the steps done and the total
	// over every rollout of the task.
	Progress func(done, total int)
	// Reconfigure is every rollout's sim.Options.Reconfigure (default on).
	Reconfigure sim.ReconfigurePolicy
}

// Metric is one named scalar result.
type Metric struct {
	Name  string
	Value float64
}

// Run is one rollout of a task.
type Run struct {
	// Name labels the rollout (file names, legends).
	Name  string
	Log   *sim.Log
	Stats sim.Stats
	// NativeGap is the largest equality residual of a MuJoCo run (m; 0 for ours).
	NativeGap float64
	// Simbody holds a Simbody run's constraint errors and energy-ledger drift (nil for
	// the other backends).
	Simbody *sbrun.Stats
	// Events are the rollout's partition and mode switches (sim.Sim.Events).
	Events []sim.Event
}

// Figure is a plot to write, File being its base name (e.g. "tracking.png").
type Figure struct {
	File string
	Plot plot.Plot
}

// Result is the outcome of a task.
type Result struct {
	// Metrics are the task metrics in report order.
	Metrics []Metric
	Runs    []Run
	Figures []Figure
}

// Steps returns the integrator steps over every rollout.
func (r *Result) Steps() int {
	n := 0
	for _, x := range r.Runs {
		n += x.Stats.Steps
	}
	return n
}

// GapMaxM returns the largest translational closure gap (m) over every rollout.
func (r *Result) GapMaxM() float64 {
	g := 0.0
	for _, x := range r.Runs {
		g = max(g, x.Stats.GapMaxM)
	}
	return g
}

// progress counts steps over the rollouts of one task for Options.Progress.
type progress struct {
	o           Options
	done, total int
}

// hook returns the per-step progress callback of the next rollout.
func (p *progress) hook() func(int) {
	if p.o.Progress == nil {
		return nil
	}
	base := p.done
	return func(step int) {
		p.done = base + step
		p.o.Progress(p.done, p.total)
	}
}

// rollout runs s for n steps and records the run; the wall time is not part of the
// result (it is not deterministic).
func rollout(name string, s *sim.Sim, n int) (Run, error) {
	if err := s.Run(n); err != nil {
		return Run{}, fmt.Errorf("%s: %w", name, err)
	}
	return Run{Name: name, Log: s.Log(), Stats: s.Stats(), Events: s.Events()}, nil
}

// steps returns the number of steps of length dt covering dur.
func steps(dur, dt float64) int { return int(dur/dt + 0.5) }

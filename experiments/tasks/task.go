// Package tasks defines the rollout experiments of the paper's actuation and task
// sections (VI-E/F) on the sim rollout engine: the Stewart six-axis inspection, the
// excavator dig–lift–swing–dump cycle under two partitions, the Kangaroo fixed-pelvis motor
// trajectory, the Panda tool path, the Go2 support-mode stepping, and their side-by-side
// runs natively in MuJoCo. Each task builds its models from the graph it is given, runs one
// or more rollouts, and returns their logs, metrics and plot specifications. It is an
// application of the library, outside the pipeline: no library package imports it, and
// the tasks are an explicit list (Names, Get), registered by no import side effect.
package tasks

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/sim"
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

// Task is a named experiment.
type Task struct {
	// Name is the --task value; Model the built-in model name or shared model file it is
	// written for (the graph it runs on must have that model's bodies, joints and ports).
	Name, Model, Description string
	// Duration is the reference duration (s).
	Duration float64
	// Native reports a task that also runs natively in MuJoCo: it needs a build with
	// -tags mujoco.
	Native bool
	// Seed names the seed the task starts from ("" for the model's default seed).
	Seed string
	// Run executes the task on graph g.
	Run func(g *cmg.Graph, o Options) (*Result, error)
}

// all returns every task: the explicit list of the experiments this package defines.
func all() []*Task {
	return []*Task{digCycleTask(), digCycleNativeTask(), fixedPelvisTask(), fixedPelvisNativeTask(),
		go2Task(), go2NativeTask(), inspectionTask(), inspectionNativeTask(), pandaTask(), kangarooLandingTask(), kangarooLandingNativeTask(),
		inspectionSimbodyTask(), digCycleSimbodyTask(), fixedPelvisSimbodyTask()}
}

// Names returns the task names, sorted.
func Names() []string {
	var out []string
	for _, t := range all() {
		out = append(out, t.Name)
	}
	slices.Sort(out)
	return out
}

// Get returns the named task, or an error listing the valid names.
func Get(name string) (*Task, error) {
	for _, t := range all() {
		if t.Name == name {
			return t, nil
		}
	}
	return nil, fmt.Errorf("unknown task %q (valid: %s)", name, strings.Join(Names(), ", "))
}

// duration returns the run duration for task t under o.
func (t *Task) duration(o Options) float64 {
	if o.Duration > 0 {
		return o.Duration
	}
	return t.Duration
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

// StartFrom makes g's seed that task t starts from equal to g's seed named seed, so the
// task runs from there (simulate --seed); an unknown name is an error listing the seeds.
func (t *Task) StartFrom(g *cmg.Graph, seed string) error {
	vals, ok := g.Seeds[seed]
	if !ok {
		return fmt.Errorf("%s: no seed named %q (the model has %v)", g.Source, seed, slices.Sorted(maps.Keys(g.Seeds)))
	}
	own := t.Seed
	if own == "" {
		own = "default"
	}
	g.Seeds[own] = vals
	return nil
}

package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/tasks"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// simulateFlags are the simulate command's options.
type simulateFlags struct {
	task, out  string
	seed       string
	duration   float64
	noProgress bool
	reconfig   string
}

func init() {
	var f simulateFlags
	c := &cobra.Command{
		Use:   "simulate MODEL --task NAME --out DIR",
		Short: "Roll out a task on the reduced dynamics; write CSV logs and PNG plots to DIR and print the metrics",
		Long: "Roll out a task on the reduced dynamics and write one CSV log per rollout, PNG plots and metrics.json to DIR.\n" +
			"The outputs are written to a temporary directory beside DIR and moved into DIR only when all are complete.\n" +
			fmt.Sprintf("--duration may be at most %d times the task's own duration.\n", maxDurationFactor) +
			"Tasks (model; [MuJoCo] needs a build with -tags mujoco): " + taskList(),
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return simulate(cmd, args[0], &f) },
	}
	c.Flags().StringVar(&f.task, "task", "", "task to run (required)")
	c.Flags().StringVar(&f.out, "out", "", "output directory (created if missing; required)")
	c.Flags().Float64Var(&f.duration, "duration", 0, "simulated duration in s (default: the task's own)")
	c.Flags().StringVar(&f.seed, "seed", "", "named seed to start from (default: the task's own, usually the model's default seed)")
	c.Flags().BoolVar(&f.noProgress, "no-progress", false, "do not draw the progress bar on stderr")
	c.Flags().StringVar(&f.reconfig, "reconfigure", "on", "on: switch the partition where it becomes singular and log the switch (<run>_events.csv, plot markers); off: stop there with exit 3")
	root.AddCommand(c)
}

// taskList names the tasks with their models.
func taskList() string {
	s := ""
	for i, n := range tasks.Names() {
		t, _ := tasks.Get(n)
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s (%s)", n, t.Model)
		if t.Native {
			s += " [MuJoCo]"
		}
	}
	return s
}

// maxDurationFactor bounds --duration as a multiple of the task's own duration, so that
// the logs a rollout allocates stay within the memory budget (docs/cli.md).
const maxDurationFactor = 10

// simulate runs the task and writes its outputs.
func simulate(cmd *cobra.Command, model string, f *simulateFlags) error {
	if f.task == "" || f.out == "" {
		return cli.Usage(fmt.Errorf("simulate needs --task NAME and --out DIR (tasks: %s)", taskList()))
	}
	if !(f.duration >= 0) || math.IsInf(f.duration, 1) { // also NaN
		return cli.Usage(fmt.Errorf("--duration %g: must be a positive number of seconds", f.duration))
	}
	task, err := tasks.Get(f.task)
	if err != nil {
		return cli.Usage(err)
	}
	reconfigure := map[string]sim.ReconfigurePolicy{"on": sim.ReconfigureOn, "off": sim.ReconfigureOff}
	if _, ok := reconfigure[f.reconfig]; !ok {
		return cli.Usage(fmt.Errorf("--reconfigure %q: must be on or off", f.reconfig))
	}
	if task.Native && mujocoVersion() == "" {
		return cli.Usage(fmt.Errorf("task %s runs natively in MuJoCo, and this build has none: rebuild with -tags mujoco (libmujoco-dev installed)", task.Name))
	}
	if f.duration > maxDurationFactor*task.Duration {
		return cli.Invalid(fmt.Errorf("--duration %g s: task %s allows at most %g s (%d times its own %g s; the logs must fit the memory budget)",
			f.duration, task.Name, maxDurationFactor*task.Duration, maxDurationFactor, task.Duration))
	}
	g, _, err := robocompiler.LoadGraph(model, false)
	if err != nil {
		return cli.Invalid(err)
	}
	if _, err := robocompiler.Compile(g, robocompiler.Options{}); err != nil {
		return cli.Invalid(err)
	}
	if err := suits(g, task); err != nil {
		return cli.Invalid(err)
	}
	if f.seed != "" {
		if err := task.StartFrom(g, f.seed); err != nil {
			return cli.Invalid(err)
		}
	}
	tmp, err := tempDir(f.out)
	if err != nil {
		return cli.Invalid(err)
	}
	defer os.RemoveAll(tmp)
	opts := tasks.Options{Duration: f.duration, Reconfigure: reconfigure[f.reconfig]}
	var bar *progressbar.ProgressBar
	if !f.noProgress && isTerminal(cmd.ErrOrStderr()) {
		opts.Progress = func(done, total int) {
			if bar == nil {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(cmd.ErrOrStderr()),
					progressbar.OptionSetDescription(task.Name), progressbar.OptionShowCount(),
					progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
			}
			if done%100 == 0 || done == total {
				_ = bar.Set(done)
			}
		}
	}
	start := time.Now()
	res, err := task.Run(g, opts)
	wall := time.Since(start).Seconds()
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return cli.Numerical(fmt.Errorf("%s: task %s: %w", g.Source, task.Name, err))
	}
	files, err := writeOutputs(tmp, res)
	if err != nil {
		return cli.Invalid(err)
	}
	files = writeReplay(cmd, tmp, g, res, files)
	files = append(files, "metrics.json")
	out := map[string]any{"model": g.Name, "task": task.Name, "steps": res.Steps(), "wall_s": wall,
		"closure_gap_max_m": res.GapMaxM(), "files": files}
	if simT := simulatedSeconds(res); simT > 0 {
		out["simulated_s"], out["wall_per_sim_s"] = simT, wall/simT
	}
	for _, m := range res.Metrics {
		out[m.Name] = m.Value
	}
	if err := cli.Finite(fmt.Sprintf("%s: task %s", g.Source, task.Name), out); err != nil {
		return err
	}
	var metrics bytes.Buffer
	if err := cli.WriteJSON(&metrics, out); err != nil {
		return cli.Invalid(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "metrics.json"), metrics.Bytes(), 0o644); err != nil {
		return cli.Invalid(fmt.Errorf("metrics.json: %w", err))
	}
	if err := cli.ReplaceDir(tmp, f.out); err != nil {
		return cli.Invalid(err)
	}
	if jsonOut {
		return cli.WriteJSON(cmd.OutOrStdout(), out)
	}
	printSimulate(cmd.OutOrStdout(), task, res, wall, files)
	return nil
}

// simulatedSeconds returns the simulated time summed over the rollouts: the last "t" of
// each log (rollouts without a time column count 0).
func simulatedSeconds(res *tasks.Result) float64 {
	total := 0.0
	for _, r := range res.Runs {
		if r.Log == nil || r.Log.Rows() == 0 {
			continue
		}
		if i := r.Log.Index("t"); i >= 0 {
			total += r.Log.Row(r.Log.Rows() - 1)[i]
		}
	}
	return total
}

// tempDir creates a fresh directory beside out (on its file system, so that the outputs
// can be renamed into out).
func tempDir(out string) (string, error) {
	parent := filepath.Dir(filepath.Clean(out))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	return os.MkdirTemp(parent, "."+filepath.Base(filepath.Clean(out))+".tmp-")
}

// suits checks that the graph g has every body, joint and actuator of the model the
// task is written for (when that model can be loaded here): a model that does not suit
// the task is invalid input, found before any work.
func suits(g *cmg.Graph, task *tasks.Task) error {
	want, _, err := robocompiler.LoadGraph(task.Model, false)
	if err != nil {
		return nil // the task's own model is not reachable from here; the task checks
	}
	have := map[string]bool{}
	for _, b := range g.Bodies {
		have["body "+b.ID] = true
	}
	for _, j := range g.Joints {
		have["joint "+j.ID] = true
	}
	for _, a := range g.Actuators {
		have["actuator "+a.ID] = true
	}
	var missing []string
	for _, b := range want.Bodies {
		missing = appendMissing(missing, have, "body "+b.ID)
	}
	for _, j := range want.Joints {
		missing = appendMissing(missing, have, "joint "+j.ID)
	}
	for _, a := range want.Actuators {
		missing = appendMissing(missing, have, "actuator "+a.ID)
	}
	if len(missing) == 0 {
		return nil
	}
	if len(missing) > 5 {
		missing = append(missing[:5], fmt.Sprintf("and %d more", len(missing)-5))
	}
	return fmt.Errorf("%s does not suit task %s, which is written for %s: it lacks %s", g.Source, task.Name, task.Model, strings.Join(missing, ", "))
}

// appendMissing appends key to missing unless have holds it.
func appendMissing(missing []string, have map[string]bool, key string) []string {
	if have[key] {
		return missing
	}
	return append(missing, key)
}

// writeOutputs writes one CSV per rollout and the figures into dir; it returns the file
// names written.
func writeOutputs(dir string, res *tasks.Result) ([]string, error) {
	var files []string
	for _, r := range res.Runs {
		name := r.Name + ".csv"
		fh, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		err = r.Log.WriteCSV(fh)
		if cerr := fh.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		files = append(files, name)
	}
	names, contents := res.EventFiles()
	for i, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), contents[i], 0o644); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		files = append(files, name)
	}
	for _, fig := range res.Figures {
		if err := fig.Plot.Save(filepath.Join(dir, fig.File), 16, 9); err != nil {
			return nil, fmt.Errorf("%s: %w", fig.File, err)
		}
		files = append(files, fig.File)
	}
	return files, nil
}

// printSimulate writes the readable report.
func printSimulate(w io.Writer, task *tasks.Task, res *tasks.Result, wall float64, files []string) {
	fmt.Fprintf(w, "%s: %d steps in %.1f s wall", task.Name, res.Steps(), wall)
	if simT := simulatedSeconds(res); simT > 0 {
		fmt.Fprintf(w, " (%.3g s per simulated second)", wall/simT)
	}
	fmt.Fprintf(w, "; largest closure gap %.3g m\n", res.GapMaxM())
	for _, m := range res.Metrics {
		fmt.Fprintf(w, "  %-40s %.6g\n", m.Name, m.Value)
	}
	fmt.Fprintf(w, "wrote %v\n", files)
}

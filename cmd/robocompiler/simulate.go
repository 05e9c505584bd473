package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/taskfile"
	"github.com/robocompiler/robocompiler/experiments/tasks"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// simulateFlags are the simulate command's options.
type simulateFlags struct {
	task, out  string
	seed       string
	reconfig   string
	duration   float64
	step       float64
	integrator string
	noProgress bool
}

func init() {
	var f simulateFlags
	c := &cobra.Command{
		Use:   "simulate (TASK.yaml | MODEL --task NAME) --out DIR",
		Short: "Run a task file (or a shipped task on MODEL); write CSV logs, PNG plots, the task file and metrics to DIR",
		Long: "Run the rollouts a task file describes (docs/task-format.md) and write one CSV log per run, PNG plots,\n" +
			"the task file itself (task.yaml), <run>_events.csv for every run with partition switches or support-mode changes,\n" +
			"replay.html (the rollouts in 3-D) and metrics.json to DIR.\n" +
			"simulate MODEL --task NAME runs the shipped task NAME (tasks/NAME.yaml) on MODEL.\n" +
			"The outputs are written to a temporary directory beside DIR and moved into DIR only when all are complete;\n" +
			"a rollout that fails midway still writes the logs so far and exits 3 naming the time and the cause.\n" +
			fmt.Sprintf("--duration may be at most %d times the task's own duration.\n", maxDurationFactor) +
			"Shipped tasks (model; [MuJoCo] needs a build with -tags mujoco, [Simbody] one with -tags simbody): " + taskList(),
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return simulate(cmd, args[0], &f) },
	}
	c.Flags().StringVar(&f.task, "task", "", "shipped task to run on MODEL")
	c.Flags().StringVar(&f.out, "out", "", "output directory (created if missing; required)")
	c.Flags().Float64Var(&f.duration, "duration", 0, "simulated duration in s (default: the task's own)")
	c.Flags().StringVar(&f.seed, "seed", "", "named seed to start from (default: the task's start)")
	c.Flags().StringVar(&f.integrator, "integrator", "", "rk4, euler or euler_implicit, overriding the task file's integrator (euler_implicit: semi-implicit Euler implicit in the joint and port damping and friction, for stiff losses at long steps)")
	c.Flags().Float64Var(&f.step, "step", 0, "time step in s (default: the task's own; log_every still counts steps, and an explicit integrator may not be stable at a longer step)")
	c.Flags().StringVar(&f.reconfig, "reconfigure", "", "on or off, overriding the task file's reconfigure (default on): on switches the partition where it becomes singular and logs the switch (<run>_events.csv, plot markers); off stops there with exit 3")
	c.Flags().BoolVar(&f.noProgress, "no-progress", false, "do not draw the progress bar on stderr")
	root.AddCommand(c)
}

// taskList names the shipped tasks with their models.
func taskList() string {
	var s []string
	for _, n := range tasks.Names() {
		f, err := tasks.Get(n)
		if err != nil {
			continue
		}
		x := fmt.Sprintf("%s (%s)", n, filepath.Base(f.Model))
		if tasks.IsNative(f) {
			x += " [MuJoCo]"
		}
		if tasks.IsSimbody(f) {
			x += " [Simbody]"
		}
		s = append(s, x)
	}
	return strings.Join(s, ", ")
}

// maxDurationFactor bounds --duration as a multiple of the task's own duration, so that
// the logs a rollout allocates stay within the memory budget (docs/cli.md).
const maxDurationFactor = 10

// isTaskFile reports whether the argument names a task file.
func isTaskFile(arg string) bool {
	ext := strings.ToLower(filepath.Ext(arg))
	return ext == ".yaml" || ext == ".yml"
}

// loadTask reads the task file (or the shipped task) and its model graph.
func loadTask(arg string, f *simulateFlags) (*taskfile.File, *cmg.Graph, error) {
	if isTaskFile(arg) {
		if f.task != "" {
			return nil, nil, cli.Usage(fmt.Errorf("--task NAME goes with a MODEL argument, not with the task file %s", arg))
		}
		tf, err := taskfile.ParseFile(arg)
		if err != nil {
			return nil, nil, cli.Invalid(err)
		}
		model := tf.Model
		if ext := strings.ToLower(filepath.Ext(model)); ext == ".json" || ext == ".xml" || ext == ".urdf" {
			model = tf.Resolve(model)
		}
		g, _, err := robocompiler.LoadGraph(model, false)
		if err != nil {
			return nil, nil, cli.Invalid(fmt.Errorf("%s: model: %w", arg, err))
		}
		return tf, g, nil
	}
	if f.task == "" {
		return nil, nil, cli.Usage(fmt.Errorf("simulate needs a task file (TASK.yaml) or MODEL --task NAME (shipped tasks: %s)", taskList()))
	}
	tf, err := tasks.Get(f.task)
	if err != nil {
		var te *taskfile.Error
		if errors.As(err, &te) {
			return nil, nil, cli.Invalid(err)
		}
		return nil, nil, cli.Usage(err)
	}
	g, _, err := robocompiler.LoadGraph(arg, false)
	if err != nil {
		return nil, nil, cli.Invalid(err)
	}
	if err := suits(g, tf); err != nil {
		return nil, nil, cli.Invalid(err)
	}
	return tf, g, nil
}

// simulate runs the task and writes its outputs.
func simulate(cmd *cobra.Command, arg string, f *simulateFlags) error {
	if f.out == "" {
		return cli.Usage(fmt.Errorf("simulate needs --out DIR"))
	}
	if !(f.duration >= 0) || math.IsInf(f.duration, 1) { // also NaN
		return cli.Usage(fmt.Errorf("--duration %g: must be a positive number of seconds", f.duration))
	}
	if !(f.step >= 0) || math.IsInf(f.step, 1) { // also NaN
		return cli.Usage(fmt.Errorf("--step %g: must be a positive number of seconds", f.step))
	}
	if f.reconfig != "" && f.reconfig != "on" && f.reconfig != "off" {
		return cli.Usage(fmt.Errorf("--reconfigure %q: must be on or off", f.reconfig))
	}
	tf, g, err := loadTask(arg, f)
	if err != nil {
		return err
	}
	if f.reconfig != "" {
		tf.Reconfigure = f.reconfig
	}
	if f.integrator != "" {
		if !slices.Contains([]string{"rk4", "euler", "euler_implicit"}, f.integrator) {
			return cli.Usage(fmt.Errorf("--integrator %q: must be rk4, euler or euler_implicit", f.integrator))
		}
		tf.Integrator = f.integrator
	}
	if f.step > 0 {
		if d := cmp.Or(f.duration, tf.Duration); f.step > d {
			return cli.Usage(fmt.Errorf("--step %g s: longer than the %g-s rollout", f.step, d))
		}
		tf.Step = f.step
	}
	if tasks.IsNative(tf) && mujocoVersion() == "" {
		return cli.Usage(fmt.Errorf("task %s runs natively in MuJoCo, and this build has none: rebuild with -tags mujoco (libmujoco-dev installed)", tf.Name))
	}
	if tasks.IsSimbody(tf) && !simbodyBuilt {
		return cli.Usage(fmt.Errorf("task %s runs in Simbody, and this build has none: rebuild with -tags simbody (libsimbody-dev installed)", tf.Name))
	}
	if f.duration > maxDurationFactor*tf.Duration {
		return cli.Invalid(fmt.Errorf("--duration %g s: task %s allows at most %g s (%d times its own %g s; the logs must fit the memory budget)",
			f.duration, tf.Name, maxDurationFactor*tf.Duration, maxDurationFactor, tf.Duration))
	}
	if _, err := robocompiler.Compile(g, robocompiler.Options{}); err != nil {
		return cli.Invalid(err)
	}
	if f.seed != "" {
		if _, ok := g.Seeds[f.seed]; !ok {
			return cli.Invalid(fmt.Errorf("%s: no seed named %q (the model has %s)", g.Source, f.seed, seedNames(g)))
		}
		tf.Start.Seed = f.seed
	}
	tmp, err := tempDir(f.out)
	if err != nil {
		return cli.Invalid(err)
	}
	defer os.RemoveAll(tmp)
	opts := tasks.Options{Duration: f.duration}
	var bar *progressbar.ProgressBar
	if !f.noProgress && isTerminal(cmd.ErrOrStderr()) {
		opts.Progress = func(done, total int) {
			if bar == nil {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(cmd.ErrOrStderr()),
					progressbar.OptionSetDescription(tf.Name), progressbar.OptionShowCount(),
					progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
			}
			if done%100 == 0 || done == total {
				_ = bar.Set(done)
			}
		}
	}
	start := time.Now()
	res, err := tasks.RunFile(tf, g, opts)
	wall := time.Since(start).Seconds()
	if bar != nil {
		_ = bar.Finish()
	}
	var te *taskfile.Error
	var re *tasks.RolloutError
	switch {
	case errors.As(err, &te):
		return cli.Invalid(err)
	case errors.As(err, &re) && res != nil:
		partial := &tasks.Result{Runs: res.Runs}
		out := map[string]any{"model": g.Name, "task": tf.Name, "steps": partial.Steps(), "wall_s": wall, "failed_run": re.Run}
		if _, werr := writeOutputs(cmd, tmp, f.out, tf, g, partial, out); werr != nil {
			return cli.Invalid(werr)
		}
		return cli.Numerical(fmt.Errorf("%s: task %s: %w (the logs so far are in %s)", g.Source, tf.Name, err, f.out))
	case err != nil:
		return cli.Numerical(fmt.Errorf("%s: task %s: %w", g.Source, tf.Name, err))
	}
	out := map[string]any{"model": g.Name, "task": tf.Name, "steps": res.Steps(), "step_s": tf.Step, "wall_s": wall,
		"closure_gap_max_m": res.GapMaxM()}
	if simT := simulatedSeconds(res); simT > 0 {
		out["simulated_s"], out["wall_per_sim_s"] = simT, wall/simT
		if tf.Step == 0 && res.Steps() > 0 {
			// A Go runner's file names no step: the mean step its rollouts took.
			out["step_s"] = simT / float64(res.Steps())
		}
	}
	for _, m := range res.Metrics {
		out[m.Name] = m.Value
	}
	if err := cli.Finite(fmt.Sprintf("%s: task %s", g.Source, tf.Name), out); err != nil {
		return err
	}
	files, err := writeOutputs(cmd, tmp, f.out, tf, g, res, out)
	if err != nil {
		return cli.Invalid(err)
	}
	if jsonOut {
		return cli.WriteJSON(cmd.OutOrStdout(), out)
	}
	printSimulate(cmd.OutOrStdout(), tf.Name, res, wall, files)
	return nil
}

// seedNames lists the seeds of g, sorted.
func seedNames(g *cmg.Graph) string {
	return fmt.Sprint(slices.Sorted(maps.Keys(g.Seeds)))
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
// task file names (when that model can be loaded here): a model that does not suit the
// task is invalid input, found before any work.
func suits(g *cmg.Graph, tf *taskfile.File) error {
	model := tf.Model
	if filepath.Ext(model) != "" {
		model = filepath.Join("..", "shared", strings.TrimPrefix(filepath.ToSlash(model), "../../shared/"))
	}
	want, _, err := robocompiler.LoadGraph(model, false)
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
	return fmt.Errorf("%s does not suit task %s, which is written for %s: it lacks %s", g.Source, tf.Name, tf.Model, strings.Join(missing, ", "))
}

// appendMissing appends key to missing unless have holds it.
func appendMissing(missing []string, have map[string]bool, key string) []string {
	if have[key] {
		return missing
	}
	return append(missing, key)
}

// writeOutputs writes every output of a task into the fresh directory tmp — one CSV per
// run, <run>_events.csv for every run with events (their times also marked on the
// figures), the figures, the task file (task.yaml), replay.html (the runs on the graph g)
// and metrics.json (out, with "task_file" and "files" added) — and moves tmp into dir. It
// returns the file names written.
func writeOutputs(cmd *cobra.Command, tmp, dir string, tf *taskfile.File, g *cmg.Graph, res *tasks.Result, out map[string]any) ([]string, error) {
	var files []string
	write := func(name string, data []byte) error {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		files = append(files, name)
		return nil
	}
	for _, r := range res.Runs {
		var b bytes.Buffer
		if err := r.Log.WriteCSV(&b); err != nil {
			return nil, fmt.Errorf("%s.csv: %w", r.Name, err)
		}
		if err := write(r.Name+".csv", b.Bytes()); err != nil {
			return nil, err
		}
	}
	names, contents := res.EventFiles()
	for i, name := range names {
		if err := write(name, contents[i]); err != nil {
			return nil, err
		}
	}
	for _, fig := range res.Figures {
		if err := fig.Plot.Save(filepath.Join(tmp, fig.File), 16, 9); err != nil {
			return nil, fmt.Errorf("%s: %w", fig.File, err)
		}
		files = append(files, fig.File)
	}
	if err := write("task.yaml", tf.Source); err != nil {
		return nil, err
	}
	files = writeReplay(cmd, tmp, g, res, files)
	out["task_file"] = tf.Path
	out["files"] = append(files, "metrics.json")
	var metrics bytes.Buffer
	if err := cli.WriteJSON(&metrics, out); err != nil {
		return nil, err
	}
	if err := write("metrics.json", metrics.Bytes()); err != nil {
		return nil, err
	}
	if err := cli.ReplaceDir(tmp, dir); err != nil {
		return nil, err
	}
	return files, nil
}

// printSimulate writes the readable report.
func printSimulate(w io.Writer, name string, res *tasks.Result, wall float64, files []string) {
	fmt.Fprintf(w, "%s: %d steps in %.1f s wall", name, res.Steps(), wall)
	if simT := simulatedSeconds(res); simT > 0 {
		fmt.Fprintf(w, " (%.3g s per simulated second)", wall/simT)
	}
	fmt.Fprintf(w, "; largest closure gap %.3g m\n", res.GapMaxM())
	for _, m := range res.Metrics {
		fmt.Fprintf(w, "  %-40s %.6g\n", m.Name, m.Value)
	}
	for _, r := range res.Runs {
		if len(r.Events) > 0 {
			fmt.Fprintf(w, "  %s: %d events (%s_events.csv)\n", r.Name, len(r.Events), r.Name)
		}
	}
	fmt.Fprintf(w, "wrote %v\n", files)
}

package main

import (
	"fmt"
	"github.com/robocompiler/robocompiler"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/experiments/tasks"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// simulateFlags are the simulate command's options.
type simulateFlags struct {
	task, out  string
	duration   float64
	noProgress bool
}

func init() {
	var f simulateFlags
	c := &cobra.Command{
		Use:   "simulate MODEL --task NAME --out DIR",
		Short: "Roll out a task on the reduced dynamics; write CSV logs and PNG plots to DIR and print the metrics",
		Long: "Roll out a task on the reduced dynamics and write one CSV log per rollout, PNG plots and metrics.json to DIR.\n" +
			"Tasks: " + taskList(),
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return simulate(cmd, args[0], &f) },
	}
	c.Flags().StringVar(&f.task, "task", "", "task to run (required)")
	c.Flags().StringVar(&f.out, "out", "", "output directory (created if missing; required)")
	c.Flags().Float64Var(&f.duration, "duration", 0, "simulated duration in s (default: the task's own)")
	c.Flags().BoolVar(&f.noProgress, "no-progress", false, "do not draw the progress bar on stderr")
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
	}
	return s
}

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
	g, _, err := robocompiler.LoadGraph(model, false)
	if err != nil {
		return cli.Invalid(err)
	}
	if _, err := compile.Compile(g, compile.Options{}); err != nil {
		return cli.Invalid(err)
	}
	if err := os.MkdirAll(f.out, 0o755); err != nil {
		return cli.Invalid(err)
	}
	opts := tasks.Options{Duration: f.duration}
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
		return cli.Numerical(fmt.Errorf("task %s: %w", task.Name, err))
	}
	files, err := writeOutputs(f.out, res)
	if err != nil {
		return cli.Invalid(err)
	}
	out := map[string]any{"model": g.Name, "task": task.Name, "steps": res.Steps(), "wall_s": wall,
		"closure_gap_max_m": res.GapMaxM(), "files": files}
	for _, m := range res.Metrics {
		out[m.Name] = m.Value
	}
	mf, err := os.Create(filepath.Join(f.out, "metrics.json"))
	if err != nil {
		return cli.Invalid(err)
	}
	defer mf.Close()
	if err := cli.WriteJSON(mf, out); err != nil {
		return cli.Invalid(err)
	}
	if jsonOut {
		return cli.WriteJSON(cmd.OutOrStdout(), out)
	}
	printSimulate(cmd.OutOrStdout(), task, res, wall, files)
	return nil
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
	fmt.Fprintf(w, "%s: %d steps in %.1f s wall; largest closure gap %.3g m\n", task.Name, res.Steps(), wall, res.GapMaxM())
	for _, m := range res.Metrics {
		fmt.Fprintf(w, "  %-40s %.6g\n", m.Name, m.Value)
	}
	fmt.Fprintf(w, "wrote %v\n", files)
}

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/robocompiler/robocompiler/experiments/sweep"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// sweepJSON is the report of one shard run.
type sweepJSON struct {
	Sweep         string  `json:"sweep"`
	File          string  `json:"file"`
	Variants      int     `json:"variants"`
	Shard         int     `json:"shard"`
	Of            int     `json:"of"`
	ShardVariants int     `json:"shard_variants"`
	Resumed       int     `json:"resumed"`
	OK            int     `json:"ok"`
	Invalid       int     `json:"invalid_input"`
	Numerical     int     `json:"numerical_failure"`
	Internal      int     `json:"internal_error"`
	Workers       int     `json:"workers"`
	Rows          string  `json:"rows"`
	Timings       string  `json:"timings"`
	WallS         float64 `json:"wall_s"`
}

// sweepMergeJSON is the report of sweep-merge; Missing lists the absent variants (with
// the error object) when the merge fails for them.
type sweepMergeJSON struct {
	Dir       string         `json:"dir"`
	Shards    []string       `json:"shards"`
	Variants  int            `json:"variants"`
	OK        int            `json:"ok"`
	Invalid   int            `json:"invalid_input"`
	Numerical int            `json:"numerical_failure"`
	Internal  int            `json:"internal_error"`
	Files     []string       `json:"files"`
	Missing   []int          `json:"missing"`
	Error     *cli.ErrorBody `json:"error,omitempty"`
}

func init() {
	var out, shard string
	var workers int
	var noProgress bool
	c := &cobra.Command{
		Use:   "sweep SWEEP.yaml --out DIR [--shard I/N] [--workers K] [--no-progress]",
		Short: "Run shard I of N of a design sweep (one JSON line per variant), resumable and byte-identical on rerun",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return cli.Usage(errors.New("sweep needs --out DIR"))
			}
			if workers < 0 {
				return cli.Usage(fmt.Errorf("--workers must be ≥ 0 (0: one per core), got %d", workers))
			}
			i, n, err := parseShard(shard)
			if err != nil {
				return cli.Usage(err)
			}
			s, err := sweep.Load(args[0])
			if err != nil {
				return cli.Invalid(err)
			}
			if st, err := os.Stat(out); err == nil && !st.IsDir() {
				return cli.Usage(fmt.Errorf("--out %s is a file, not a directory", out))
			}
			opts := sweep.ShardOptions{Shard: i, Of: n, Workers: workers}
			finish := sweepProgress(cmd.ErrOrStderr(), &opts, noProgress)
			rep, err := sweep.RunShard(s, out, opts)
			finish()
			if err != nil {
				return cli.Invalid(err)
			}
			res := sweepJSON{Sweep: s.Name, File: args[0], Variants: s.Count(), Shard: i, Of: n, ShardVariants: rep.Variants,
				Resumed: rep.Resumed, OK: rep.OK, Invalid: rep.Invalid, Numerical: rep.Numerical, Internal: rep.Internal,
				Workers: rep.Workers, Rows: rep.File, Timings: rep.Timings, WallS: rep.WallS}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), res)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: shard %d/%d, %d of %d variants (%d resumed) with %d workers in %.3g s: %d ok, %d invalid input, %d numerical failure, %d internal error → %s\n",
				s, i, n, res.ShardVariants, res.Variants, res.Resumed, res.Workers, res.WallS, res.OK, res.Invalid, res.Numerical, res.Internal, res.Rows)
			return nil
		},
	}
	c.Flags().StringVar(&out, "out", "", "output directory (shared by every shard of the sweep)")
	c.Flags().StringVar(&shard, "shard", "0/1", "shard I of N (from 0): the variants whose index mod N is I")
	c.Flags().IntVar(&workers, "workers", 0, "worker goroutines (0: one per core); rows do not depend on it")
	c.Flags().BoolVar(&noProgress, "no-progress", false, "no progress bar (it is shown only when stderr is a terminal)")
	root.AddCommand(c)

	root.AddCommand(&cobra.Command{
		Use:   "sweep-merge DIR",
		Short: "Check that every variant of a sweep is present once; write the combined table (JSONL, CSV) and summary plots",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := sweep.Merge(args[0])
			var miss *sweep.MissingError
			if err != nil && !errors.As(err, &miss) {
				return cli.Invalid(err)
			}
			res := sweepMergeJSON{Dir: args[0], Shards: []string{}, Files: []string{}, Missing: []int{}}
			var fail error
			if miss != nil {
				res.Variants, res.Missing = miss.Total, miss.Missing
				fail = cli.Invalid(err)
			} else {
				res = sweepMergeJSON{Dir: rep.Dir, Shards: rep.Shards, Variants: rep.Variants, OK: rep.OK, Invalid: rep.Invalid,
					Numerical: rep.Numerical, Internal: rep.Internal, Files: rep.Files, Missing: []int{}}
			}
			if jsonOut {
				res.Error = cli.Embedded(&fail)
				if err := cli.WriteJSON(cmd.OutOrStdout(), res); err != nil {
					return err
				}
			} else if fail == nil {
				fmt.Fprintf(cmd.OutOrStdout(), "%d variants from %d shard files: %d ok, %d invalid input, %d numerical failure, %d internal error → %s (%d files)\n",
					res.Variants, len(res.Shards), res.OK, res.Invalid, res.Numerical, res.Internal, res.Dir, len(res.Files))
			}
			return fail
		},
	})
}

// sweepProgress sets opts.Progress to draw a progress bar on w when w is a terminal
// (and off is false); the returned function finishes the bar.
func sweepProgress(w io.Writer, opts *sweep.ShardOptions, off bool) func() {
	fd, ok := w.(*os.File)
	if off || !ok || !term.IsTerminal(int(fd.Fd())) {
		return func() {}
	}
	var bar *progressbar.ProgressBar
	opts.Progress = func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription("sweep"),
				progressbar.OptionShowCount(), progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
		}
		_ = bar.Set(done)
	}
	return func() {
		if bar != nil {
			_ = bar.Finish()
		}
	}
}

// parseShard parses --shard I/N (0 ≤ I < N).
func parseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("--shard %q: give I/N with 0 ≤ I < N (e.g. 2/4 for the third of four shards)", s)
	}
	return i, n, nil
}

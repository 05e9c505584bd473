package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/spf13/cobra"
)

// mujocoKey and mujocoLabel name MuJoCo's mj_forward among the operations.
const (
	mujocoKey   = "mujoco_forward"
	mujocoLabel = "MuJoCo mj_forward"
)

// noMuJoCoNote explains the null ratios of a build without the MuJoCo backend.
const noMuJoCoNote = "built without -tags mujoco: mj_forward is not timed and ratio_vs_mujoco is null"

// benchOpJSON is one operation's timing; the ratio is ns_per_op over MuJoCo's mj_forward
// on the same model, null when MuJoCo was not timed.
type benchOpJSON struct {
	NS     float64  `json:"ns_per_op"`
	Allocs uint64   `json:"allocs_per_op"`
	Ratio  *float64 `json:"ratio_vs_mujoco"`
}

// benchModelJSON is one model's timings, per operation; mujoco_forward is null when
// MuJoCo was not timed, and Note says why.
type benchModelJSON struct {
	Model      string                  `json:"model"`
	Velocities int                     `json:"velocities"`
	Rows       int                     `json:"residual_rows"`
	Mobility   int                     `json:"mobility"`
	Operations map[string]*benchOpJSON `json:"operations"`
	Note       string                  `json:"note,omitempty"`
	DerivRatio *float64                `json:"derivatives_vs_forward"` // bench_deriv.go
	labels     []string                // operation labels in table order, then MuJoCo's
	keys       []string                // the matching keys
}

// benchJSON is the bench command's report: the MuJoCo version (null when not linked),
// the loop duration, the rounds, the processor count and the per-model timings.
type benchJSON struct {
	MuJoCo     *string          `json:"mujoco_version"`
	BenchTime  string           `json:"benchtime"`
	Count      int              `json:"count"`
	GOMAXPROCS int              `json:"gomaxprocs"`
	Note       string           `json:"note,omitempty"`
	Models     []benchModelJSON `json:"models"`
}

// benchOptions are the bench command's flags.
type benchOptions struct {
	// Time is the minimum duration of one timed loop and Count the number of rounds over
	// a model's operations; each operation keeps its fastest round.
	Time  time.Duration
	Count int
	// Seed is the named seed of the MODEL arguments ("" for their default).
	Seed string
}

func init() {
	var opts benchOptions
	c := &cobra.Command{
		Use:   "bench [MODEL...]",
		Short: "Time residual+Jacobian, lift, reduced dynamics and a tracking step, side by side with MuJoCo's mj_forward",
		Long: `Time, on every built-in mechanism and on each MODEL given, assembled from its default
seed: the closure residual with its analytic Jacobian, the lift E, the reduced forward
dynamics (interfaces, eq. 14 and its solve) and one tracking step; and, when built with
-tags mujoco, MuJoCo's mj_forward on the model exported as MJCF at the same state, in the
same process. The MJCF is the one 'export --format mjcf' writes: a universal loop cut
(Kangaroo's), which no MuJoCo 2.2.2 equality expresses, becomes a tree joint and its loop
is cut at a joint MuJoCo writes exactly. This file, rather than a hand-written MJCF of the
robot such as the shared kangaroo.xml, is timed because its layout maps our assembled
state to qpos and qvel exactly: MuJoCo then evaluates the same bodies, joints and closed
loops at the same configuration and velocity. Each operation is repeated until one loop lasts at least --benchtime; a
model's operations are timed in --count interleaved rounds and each keeps its fastest
(the least disturbed by other load). The table gives ns/op, heap allocations per op
and the ratio to mj_forward.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Time <= 0 || opts.Count < 1 {
				return cli.Usage(errors.New("--benchtime must be positive and --count at least 1"))
			}
			out := benchJSON{BenchTime: opts.Time.String(), Count: opts.Count, GOMAXPROCS: runtime.GOMAXPROCS(0)}
			if v := mujocoVersion(); v != "" {
				out.MuJoCo = &v
			} else {
				out.Note = noMuJoCoNote
			}
			list := benchModels(args)
			for i, arg := range list {
				seed := ""
				if slices.Contains(args, arg) {
					seed = opts.Seed
				}
				if isTerminal(cmd.ErrOrStderr()) {
					fmt.Fprintf(cmd.ErrOrStderr(), "\rbench: %s (%d of %d)\x1b[K", arg, i+1, len(list))
				}
				r, err := benchModel(cmd, arg, seed, opts)
				if err != nil {
					return err
				}
				out.Models = append(out.Models, *r)
			}
			if isTerminal(cmd.ErrOrStderr()) {
				fmt.Fprint(cmd.ErrOrStderr(), "\r\x1b[K")
			}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), out)
			}
			writeBench(cmd.OutOrStdout(), &out)
			return nil
		},
	}
	c.Flags().DurationVar(&opts.Time, "benchtime", 200*time.Millisecond, "minimum duration of the timed loop of each operation")
	c.Flags().StringVar(&opts.Seed, "seed", "", "named seed the MODEL arguments are assembled from (default: each model's default seed; built-ins not named use theirs)")
	c.Flags().IntVar(&opts.Count, "count", 3, "interleaved rounds per model; each operation keeps its fastest")
	root.AddCommand(c)
}

// benchModels returns the built-in mechanisms followed by the MODEL arguments that are
// not among them, without repeats.
func benchModels(args []string) []string {
	list := robots.Names()
	for _, a := range args {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

// benchModel assembles MODEL from its default seed and times its operations and MuJoCo's
// mj_forward in opts.Count interleaved rounds; an export MuJoCo cannot load leaves
// mujoco_forward null with a note.
func benchModel(cmd *cobra.Command, arg, seed string, opts benchOptions) (*benchModelJSON, error) {
	s, err := assembleModel(cmd, arg, seed, &compileFlags{})
	if err != nil {
		return nil, err
	}
	ops, v, err := benchOps(s)
	var derivNote string
	if err == nil {
		ops, derivNote, err = benchDerivOps(s, ops)
	}
	if err != nil {
		return nil, err
	}
	r := &benchModelJSON{Model: benchLabel(arg, s.m.Graph.Name), Velocities: s.m.NV, Rows: s.m.Rows,
		Mobility: s.p.Mobility, Operations: map[string]*benchOpJSON{mujocoKey: nil}}
	if mujocoVersion() != "" {
		mm, mq, mv, note, err := benchExportState(s, v)
		var mj func() error
		var done func()
		if err == nil {
			mj, done, err = mujocoForward(mm, mq, mv)
		}
		switch {
		case err != nil:
			r.Note = fmt.Sprintf("MuJoCo not timed: %v", err)
		case mj != nil:
			defer done()
			ops = append(ops, benchOp{mujocoKey, mujocoLabel, mj})
			r.Note = note
		}
	}
	if derivNote != "" {
		r.Note = strings.TrimPrefix(r.Note+"; "+derivNote, "; ")
	}
	best := make([]timing, len(ops))
	for round := range opts.Count {
		for i, op := range ops {
			t, err := measure(op.run, opts.Time)
			if err != nil {
				return nil, cli.Numerical(fmt.Errorf("%s: %s: %w", arg, op.label, err))
			}
			if round == 0 || t.NS < best[i].NS {
				best[i].NS = t.NS
			}
			best[i].Allocs = max(best[i].Allocs, t.Allocs)
		}
	}
	for i, op := range ops {
		r.keys, r.labels = append(r.keys, op.key), append(r.labels, op.label)
		r.Operations[op.key] = &benchOpJSON{NS: best[i].NS, Allocs: best[i].Allocs}
	}
	derivRatio(r)
	if ref := r.Operations[mujocoKey]; ref != nil {
		for _, o := range r.Operations {
			ratio := o.NS / ref.NS
			o.Ratio = &ratio
		}
	}
	return r, nil
}

// benchLabel names a model in the table: a named shared model (robots.SharedNames, such
// as kangaroo_floating, whose file calls itself kangaroo) as given, anything else by the
// name its records declare.
func benchLabel(arg, name string) string {
	if slices.Contains(robots.SharedNames(), arg) {
		return arg
	}
	return name
}

// writeBench prints the readable table: one row per model and timed operation.
func writeBench(w io.Writer, out *benchJSON) {
	engine := "MuJoCo not linked"
	if out.MuJoCo != nil {
		engine = "MuJoCo " + *out.MuJoCo
	}
	fmt.Fprintf(w, "%s; each operation looped for at least %s, fastest of %d rounds; GOMAXPROCS %d\n",
		engine, out.BenchTime, out.Count, out.GOMAXPROCS)
	if out.Note != "" {
		fmt.Fprintf(w, "note: %s\n", out.Note)
	}
	width := 12
	for _, r := range out.Models {
		width = max(width, len(r.Model))
	}
	fmt.Fprintf(w, "%-*s %-26s %12s %10s %12s\n", width, "model", "operation", "ns/op", "allocs/op", "x mj_forward")
	for _, r := range out.Models {
		for i, key := range r.keys {
			o := r.Operations[key]
			if o == nil {
				continue // not timed: the notes say why
			}
			ratio := "-"
			if o.Ratio != nil {
				ratio = fmt.Sprintf("%.2f", *o.Ratio)
			}
			fmt.Fprintf(w, "%-*s %-26s %12.0f %10d %12s\n", width, r.Model, r.labels[i], o.NS, o.Allocs, ratio)
		}
		if r.Note != "" {
			fmt.Fprintf(w, "%-*s note: %s\n", width, r.Model, r.Note)
		}
	}
}

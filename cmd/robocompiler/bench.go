package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/spf13/cobra"
)

// mujocoKey is the JSON key of MuJoCo's mj_forward among the operations.
const mujocoKey = "mujoco_forward"

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
	labels     []string                // operation labels in table order, then MuJoCo's
	keys       []string                // the matching keys
}

// benchJSON is the bench command's report: the MuJoCo version (null when not linked),
// the loop duration, the processor count and the per-model timings.
type benchJSON struct {
	MuJoCo     *string          `json:"mujoco_version"`
	BenchTime  string           `json:"benchtime"`
	GOMAXPROCS int              `json:"gomaxprocs"`
	Note       string           `json:"note,omitempty"`
	Models     []benchModelJSON `json:"models"`
}

func init() {
	var benchTime time.Duration
	c := &cobra.Command{
		Use:   "bench [MODEL...]",
		Short: "Time residual+Jacobian, lift, reduced dynamics and a tracking step, side by side with MuJoCo's mj_forward",
		Long: `Time, on every built-in mechanism and on each MODEL given, assembled from its default
seed: the closure residual with its analytic Jacobian, the lift E, the reduced forward
dynamics (interfaces, eq. 14 and its solve) and one tracking step; and, when built with
-tags mujoco, MuJoCo's mj_forward on the model exported as MJCF at the same state, in the
same process. Each operation is repeated until one loop lasts at least --benchtime; the
table gives ns/op, heap allocations per op and the ratio to mj_forward.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if benchTime <= 0 {
				return cli.Usage(errors.New("--benchtime must be positive"))
			}
			out := benchJSON{BenchTime: benchTime.String(), GOMAXPROCS: runtime.GOMAXPROCS(0)}
			if v := mujocoVersion(); v != "" {
				out.MuJoCo = &v
			} else {
				out.Note = noMuJoCoNote
			}
			for _, arg := range benchModels(args) {
				r, err := benchModel(arg, benchTime)
				if err != nil {
					return err
				}
				out.Models = append(out.Models, *r)
			}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), out)
			}
			writeBench(cmd.OutOrStdout(), &out)
			return nil
		},
	}
	c.Flags().DurationVar(&benchTime, "benchtime", 500*time.Millisecond, "minimum duration of the timed loop of each operation")
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

// benchModel assembles MODEL from its default seed and times every operation on it, then
// MuJoCo's mj_forward; an export MuJoCo cannot load leaves mujoco_forward null with a note.
func benchModel(arg string, benchTime time.Duration) (*benchModelJSON, error) {
	s, err := assembleModel(arg, "", &compileFlags{})
	if err != nil {
		return nil, err
	}
	ops, v, err := benchOps(s)
	if err != nil {
		return nil, err
	}
	r := &benchModelJSON{Model: s.m.Graph.Name, Velocities: s.m.NV, Rows: s.m.Rows, Mobility: s.p.Mobility,
		Operations: map[string]*benchOpJSON{}}
	for _, op := range ops {
		t, err := measure(op.run, benchTime)
		if err != nil {
			return nil, cli.Numerical(fmt.Errorf("%s: %s: %w", arg, op.label, err))
		}
		r.add(op.key, op.label, t)
	}
	mj, err := mujocoForward(s.m, s.a.Q, v, benchTime)
	r.keys, r.labels = append(r.keys, mujocoKey), append(r.labels, "MuJoCo mj_forward")
	r.Operations[mujocoKey] = nil
	switch {
	case err != nil:
		r.Note = fmt.Sprintf("MuJoCo not timed: %v", err)
	case mj != nil:
		r.Operations[mujocoKey] = &benchOpJSON{NS: mj.NS, Allocs: mj.Allocs}
		for _, o := range r.Operations {
			ratio := o.NS / mj.NS
			o.Ratio = &ratio
		}
	}
	return r, nil
}

// add records one operation's timing.
func (r *benchModelJSON) add(key, label string, t timing) {
	r.keys, r.labels = append(r.keys, key), append(r.labels, label)
	r.Operations[key] = &benchOpJSON{NS: t.NS, Allocs: t.Allocs}
}

// writeBench prints the readable table: one row per model and timed operation.
func writeBench(w io.Writer, out *benchJSON) {
	engine := "MuJoCo not linked"
	if out.MuJoCo != nil {
		engine = "MuJoCo " + *out.MuJoCo
	}
	fmt.Fprintf(w, "%s; each operation looped for at least %s; GOMAXPROCS %d\n", engine, out.BenchTime, out.GOMAXPROCS)
	if out.Note != "" {
		fmt.Fprintf(w, "note: %s\n", out.Note)
	}
	fmt.Fprintf(w, "%-12s %-26s %12s %10s %12s\n", "model", "operation", "ns/op", "allocs/op", "x mj_forward")
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
			fmt.Fprintf(w, "%-12s %-26s %12.0f %10d %12s\n", r.Model, r.labels[i], o.NS, o.Allocs, ratio)
		}
		if r.Note != "" {
			fmt.Fprintf(w, "%-12s note: %s\n", r.Model, r.Note)
		}
	}
}

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// batchLine is one input line of batch: joint coordinates q (joints left out keep the
// reference configuration), either the independent speeds u (in the reference
// partition's order) or joint velocities v (the independent ones are lifted and the rest
// must agree), and port efforts f by actuator id (left out: 0).
type batchLine struct {
	Q map[string]cmg.Values `json:"q"`
	U []float64             `json:"u"`
	V map[string]cmg.Values `json:"v"`
	F map[string]float64    `json:"f"`
}

// batchResultJSON is one output line: the input line number (from 1) and either the
// results or the error.
type batchResultJSON struct {
	Line  int                `json:"line"`
	Error string             `json:"error,omitempty"`
	Udot  []float64          `json:"udot,omitempty"`
	A     map[string]float64 `json:"a,omitempty"`
	TauR  []float64          `json:"tau_r,omitempty"`
	Mr    [][]float64        `json:"Mr,omitempty"`
	Hr    []float64          `json:"hr,omitempty"`
	// With --derivatives (see evalDerivJSON): ∂u̇/∂q_I, ∂u̇/∂u, ∂u̇/∂f.
	DUdotDq [][]float64 `json:"dudot_dq,omitempty"`
	DUdotDu [][]float64 `json:"dudot_du,omitempty"`
	DUdotDf [][]float64 `json:"dudot_df,omitempty"`
}

type batchJSON struct {
	Model       string   `json:"model"`
	Lines       int      `json:"lines"`
	Errors      int      `json:"errors"`
	Workers     int      `json:"workers"`
	Independent []string `json:"independent"`
	Out         string   `json:"out"`
	WallS       float64  `json:"wall_s"`
}

// batchFlags are batch's own flags.
type batchFlags struct {
	in, out, seed string
	workers       int
	reduced       bool
	derivatives   bool
	noProgress    bool
}

func init() {
	var cf compileFlags
	var f batchFlags
	c := &cobra.Command{
		Use:   "batch MODEL --in STATES.jsonl --out RESULTS.jsonl",
		Short: "Evaluate the reduced forward dynamics of many states across cores (JSON Lines in and out)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.in == "" || f.out == "" {
				return cli.Usage(fmt.Errorf("batch needs --in STATES.jsonl and --out RESULTS.jsonl"))
			}
			if f.workers < 0 {
				return cli.Usage(fmt.Errorf("--workers must be ≥ 0 (0: one per core), got %d", f.workers))
			}
			if err := cli.RefuseOverwrite("--out", f.out, args[0], f.in); err != nil {
				return err
			}
			return runBatch(cmd, args[0], &cf, &f)
		},
	}
	cf.register(c)
	c.Flags().StringVar(&f.in, "in", "", "input states, one JSON object per line: {\"q\": {joint: value}, \"u\": [...] or \"v\": {joint: value}, \"f\": {actuator: effort}}")
	c.Flags().StringVar(&f.out, "out", "", "output results, one JSON object per input line, in input order")
	c.Flags().StringVar(&f.seed, "seed", "", "named seed of the reference configuration (default: the model's default seed)")
	c.Flags().IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per core); results do not depend on it")
	c.Flags().BoolVar(&f.reduced, "reduced", false, "also write the reduced inertia Mr and bias hr of every state")
	c.Flags().BoolVar(&f.derivatives, "derivatives", false, "also write the partial derivatives dudot_dq, dudot_du, dudot_df of every state's forward dynamics")
	c.Flags().BoolVar(&f.noProgress, "no-progress", false, "no progress bar (it is shown only when stderr is a terminal)")
	root.AddCommand(c)
}

func runBatch(cmd *cobra.Command, arg string, cf *compileFlags, f *batchFlags) error {
	m, err := loadModel(arg, cf)
	if err != nil {
		return err
	}
	b, err := m.NewBatch(f.seed, f.workers)
	if err != nil {
		return assemblyFailure(m, f.seed, cf.partition, err)
	}
	if f.derivatives && b.LoopForm() {
		return loopFormDerivatives(m.Graph.Source)
	}
	in, err := readBatch(f.in, m.Model)
	if err != nil {
		return cli.Invalid(err)
	}
	start := time.Now()
	lines, states := parseBatch(b, in)
	out := make([]robocompiler.BatchResult, len(states))
	stop := batchProgress(cmd.ErrOrStderr(), b, len(states), f.noProgress)
	if f.derivatives {
		b.ForwardDerivatives(states, out, f.reduced)
	} else {
		b.Forward(states, out, f.reduced)
	}
	stop()
	errs, err := writeBatch(f.out, m.Model, b, lines, out)
	if err != nil {
		return cli.Invalid(err)
	}
	_, p := b.Reference()
	sum := batchJSON{Model: m.Graph.Name, Lines: len(lines), Errors: errs, Workers: b.Workers(),
		Independent: pickNames(m.CoordinateNames(), p.Independent), Out: f.out, WallS: time.Since(start).Seconds()}
	if jsonOut {
		return cli.WriteJSON(cmd.OutOrStdout(), sum)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: %d states (%d errors) with %d workers in %.3g s → %s; u is in the order %v\n",
		sum.Model, sum.Lines, sum.Errors, sum.Workers, sum.WallS, sum.Out, sum.Independent)
	return nil
}

// maxBatchBytes bounds the input file of batch (JSON Lines of states).
const maxBatchBytes = 1 << 30

// readBatch reads the states file at path, refusing one whose size, or whose results at
// the model's sizes, would not fit the memory budget (robocompiler.DefaultMemoryBudget):
// the bound is checked before reading.
func readBatch(path string, m *compile.Model) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	// A state line holds at least a few bytes per line; each result holds u̇ (D ≤ NV), a
	// and, with --reduced, M_r and h_r: bound by (2 NV + NV² + NV) floats per line of ≥ 3
	// bytes ("{}\n").
	perLine := int64(8 * (3*m.NV + m.NV*m.NV))
	if need := fi.Size() / 3 * perLine; fi.Size() > maxBatchBytes || need > robocompiler.DefaultMemoryBudget {
		return nil, &cli.LocatedError{File: path, Message: fmt.Sprintf("the states file is %d bytes; batch reads at most %d, with results within %d bytes (split the file and run batch on each part)",
			fi.Size(), int64(maxBatchBytes), int64(robocompiler.DefaultMemoryBudget))}
	}
	return os.ReadFile(path)
}

// parsedLine is one input line after parsing: its error, or its given values (kept for
// the checks after evaluation) and the index of its state.
type parsedLine struct {
	err   error
	line  *batchLine
	state int
}

// parseBatch parses every line of in into states of b (lines that fail to parse get no
// state).
func parseBatch(b *robocompiler.Batch, in []byte) ([]parsedLine, []robocompiler.BatchState) {
	q0, p := b.Reference()
	var lines []parsedLine
	var states []robocompiler.BatchState
	sc := bufio.NewScanner(bytes.NewReader(in))
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	for sc.Scan() {
		var l batchLine
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			lines = append(lines, parsedLine{err: fmt.Errorf("%v (valid keys: q, u, v, f)", err)})
			continue
		}
		s, err := batchState(b, q0, p.Independent, &l)
		if err != nil {
			lines = append(lines, parsedLine{err: err})
			continue
		}
		lines = append(lines, parsedLine{line: &l, state: len(states)})
		states = append(states, s)
	}
	if err := sc.Err(); err != nil {
		lines = append(lines, parsedLine{err: err})
	}
	return lines, states
}

// batchState converts one parsed line into a BatchState.
func batchState(b *robocompiler.Batch, q0 []float64, independent []int, l *batchLine) (robocompiler.BatchState, error) {
	m := b.Model().Model
	var s robocompiler.BatchState
	if len(l.Q) > 0 {
		s.Q = append([]float64(nil), q0...)
		if err := m.SetJointValues(s.Q, l.Q); err != nil {
			return s, fmt.Errorf("q: %v", err)
		}
	}
	switch {
	case l.U != nil && l.V != nil:
		return s, fmt.Errorf("give either u or v, not both")
	case l.U != nil:
		if len(l.U) != len(independent) {
			return s, fmt.Errorf("u has %d entries; the mobility is %d (independent: %v)", len(l.U), len(independent), pickNames(m.CoordinateNames(), independent))
		}
		s.U = l.U
	case l.V != nil:
		v := make([]float64, m.NV)
		if err := setVelocities(m, v, l.V); err != nil {
			return s, fmt.Errorf("v: %v", err)
		}
		s.U = make([]float64, len(independent))
		for k, c := range independent {
			s.U[k] = v[c]
		}
	}
	if len(l.F) > 0 {
		s.F = make([]float64, len(m.Ports))
		for id, x := range l.F {
			i := -1
			for k := range m.Ports {
				if m.Ports[k].ID == id {
					i = k
				}
			}
			if i < 0 {
				return s, fmt.Errorf("f: %q is not an actuator of the model", id)
			}
			s.F[i] = x
		}
	}
	return s, nil
}

// batchProgress shows a progress bar on w while the batch runs, when w is a terminal and
// progress is not turned off; the returned function stops it.
func batchProgress(w io.Writer, b *robocompiler.Batch, n int, off bool) func() {
	fd, ok := w.(*os.File)
	if off || !ok || !term.IsTerminal(int(fd.Fd())) || n == 0 {
		return func() {}
	}
	bar := progressbar.NewOptions(n, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription("batch"),
		progressbar.OptionShowCount(), progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				_ = bar.Set(b.Done())
				_ = bar.Finish()
				return
			case <-t.C:
				_ = bar.Set(b.Done())
			}
		}
	}()
	return func() { close(done); <-finished }
}

// writeBatch writes one result line per input line, in input order, to a temporary file
// beside path and renames it into place; it returns the number of error lines.
func writeBatch(path string, m *compile.Model, b *robocompiler.Batch, lines []parsedLine, out []robocompiler.BatchResult) (int, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) // a no-op after the rename
	w := bufio.NewWriterSize(tmp, 1<<20)
	enc := json.NewEncoder(w)
	names := m.CoordinateNames()
	_, p := b.Reference()
	errs := 0
	for i, l := range lines {
		r := batchResultJSON{Line: i + 1}
		if err := lineResult(m, names, p.Independent, l, out, &r); err != nil {
			r = batchResultJSON{Line: i + 1, Error: err.Error()}
			errs++
		}
		if err := enc.Encode(&r); err != nil {
			tmp.Close()
			return 0, err
		}
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return 0, err
	}
	if err := tmp.Close(); err != nil {
		return 0, err
	}
	return errs, os.Rename(tmp.Name(), path)
}

// lineResult fills r from the evaluation of line l, after checking that the assembly kept
// every given coordinate and that the lift reproduces every given velocity.
func lineResult(m *compile.Model, names []string, independent []int, l parsedLine, out []robocompiler.BatchResult, r *batchResultJSON) error {
	if l.err != nil {
		return l.err
	}
	res := &out[l.state]
	if res.Err != nil {
		return res.Err
	}
	if err := heldValues(m, res.Q, l.line.Q, independent); err != nil {
		return fmt.Errorf("q: %v", err)
	}
	if err := liftedValues(m, res.V, l.line.V, independent); err != nil {
		return fmt.Errorf("v: %v", err)
	}
	r.Udot, r.TauR = res.Udot, res.TauR
	r.A = make(map[string]float64, len(names))
	for i, name := range names {
		r.A[name] = res.A[i]
	}
	if len(res.Mr) > 0 {
		r.Mr, r.Hr = rows(res.Mr, len(res.Hr)), res.Hr
	}
	if len(res.DUdotDq) > 0 {
		n := len(res.Udot)
		r.DUdotDq, r.DUdotDu = blockRows(res.DUdotDq, n, n), blockRows(res.DUdotDU, n, n)
		r.DUdotDf = blockRows(res.DUdotDf, n, len(res.DUdotDf)/n)
	}
	return nil
}

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/spf13/cobra"
)

// stateFile is eval's --state input: per joint coordinates q and velocities v, and
// efforts tau keyed by actuator id (port effort f, N or N·m) or tree joint id
// (generalised force on that joint). Joints left out of q keep the assembled seed;
// everything else left out is 0.
type stateFile struct {
	Q   map[string]cmg.Values `json:"q"`
	V   map[string]cmg.Values `json:"v"`
	Tau map[string]cmg.Values `json:"tau"`
}

type evalJSON struct {
	Model       string             `json:"model"`
	Joints      []string           `json:"joints"`
	M           [][]float64        `json:"M"`
	H           []float64          `json:"h"`
	A           map[string]float64 `json:"a"`
	Coordinates []string           `json:"coordinates"`
	Independent []string           `json:"independent"`
	E           [][]float64        `json:"E"`
	Curvature   []float64          `json:"c"`
	Mr          [][]float64        `json:"Mr"`
	Hr          []float64          `json:"hr"`
	Udot        []float64          `json:"udot"`
	GapM        float64            `json:"closure_gap_m"`
	GapRad      float64            `json:"closure_gap_rad"`
	// Matrices reports whether M, E and Mr were printed (see evalMatricesMaxNV).
	Matrices bool `json:"matrices"`
	// Derivatives is printed with --derivatives (eval_deriv.go).
	Derivatives *evalDerivJSON `json:"derivatives,omitempty"`

	efforts     []float64 // the port efforts of the state
	treeEfforts bool      // the state gives tree joint efforts
}

// evalMatricesMaxNV is the largest number of velocity coordinates for which eval prints
// the dense matrices M, E and Mr by default; above it they are null unless --matrices is
// given (an n-coordinate model prints O(n²) numbers).
const evalMatricesMaxNV = 200

func init() {
	var f compileFlags
	var seed, statePath string
	var matrices, derivatives bool
	c := &cobra.Command{
		Use:   "eval MODEL --state FILE",
		Short: "Evaluate M_T, h_T, E, curvature, M_r, h_r and the constrained accelerations at one state",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if statePath == "" {
				return cli.Usage(fmt.Errorf("eval needs --state FILE"))
			}
			st, err := readState(statePath)
			if err != nil {
				return cli.Invalid(err)
			}
			s, err := evalStart(cmd, args[0], seed, &f, st, statePath)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("matrices") {
				matrices = s.m.NV <= evalMatricesMaxNV
			}
			out, err := evaluate(s, st, statePath, matrices)
			if err != nil {
				return err
			}
			if derivatives {
				if out.Derivatives, err = evalDerivatives(s, out, statePath); err != nil {
					return err
				}
			}
			if err := cli.Finite(fmt.Sprintf("%s: eval at the state in %s", s.m.Graph.Source, statePath), out); err != nil {
				return err
			}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), out)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s: closure gap %.3g m, %.3g rad; mobility %d, independent %v\n", out.Model, out.GapM, out.GapRad, len(out.Independent), out.Independent)
			for _, name := range out.Coordinates {
				fmt.Fprintf(w, "  a[%s] = %.9g\n", name, out.A[name])
			}
			return nil
		},
	}
	f.register(c)
	c.Flags().StringVar(&seed, "seed", "", "named seed giving the coordinates left out of the state (default: the model's default seed)")
	c.Flags().BoolVar(&matrices, "matrices", false, fmt.Sprintf("print the dense matrices M, E and Mr (default: only for models of at most %d velocity coordinates)", evalMatricesMaxNV))
	c.Flags().BoolVar(&derivatives, "derivatives", false, "also print the partial derivatives of the reduced forward (and, for a square port map, inverse) dynamics")
	c.Flags().StringVar(&statePath, "state", "", "state file {\"q\": {...}, \"v\": {...}, \"tau\": {...}}")
	root.AddCommand(c)
}

// maxStateBytes bounds the size of a state file read by eval (a state names each joint
// once; 64 MiB is far above any model the memory budget admits).
const maxStateBytes = 64 << 20

// readState parses a state file strictly (unknown keys are errors); a problem is a
// *cli.LocatedError with the line, column and field in the file's own terms.
func readState(path string) (*stateFile, error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > maxStateBytes {
		return nil, &cli.LocatedError{File: path, Message: fmt.Sprintf("the state file is %d bytes; at most %d are read", fi.Size(), maxStateBytes)}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseState(b, path)
}

// parseState decodes a state document (see readState).
func parseState(b []byte, path string) (*stateFile, error) {
	const shape = `a state file is one JSON object {"q": {joint: value...}, "v": {...}, "tau": {...}}`
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var st stateFile
	err := dec.Decode(&st)
	if err == nil && dec.More() {
		err = errors.New("trailing data after the state object")
	}
	if err == nil {
		for _, part := range []map[string]cmg.Values{st.Q, st.V, st.Tau} {
			for id, x := range part {
				for _, y := range x {
					if math.IsNaN(y) || math.IsInf(y, 0) {
						return nil, &cli.LocatedError{File: path, Field: id, Message: "non-finite value"}
					}
				}
			}
		}
		return &st, nil
	}
	le := &cli.LocatedError{File: path, Message: err.Error()}
	offset := dec.InputOffset()
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		le.Message = "empty file: " + shape
	case errors.Is(err, io.ErrUnexpectedEOF):
		le.Message = "the file ends inside the JSON object: " + shape
	case errors.As(err, &se):
		offset = se.Offset
		le.Message = strings.TrimPrefix(se.Error(), "json: ")
	case errors.As(err, &te):
		offset = te.Offset
		le.Field = te.Field
		if te.Field == "" {
			le.Message = fmt.Sprintf("found a JSON %s: %s", te.Value, shape)
		} else {
			le.Message = fmt.Sprintf("found a JSON %s where a number or a list of numbers (or for q, v, tau an object keyed by joint or actuator id) is expected", te.Value)
		}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		le.Field = strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		le.Message = "unknown key (valid keys: q, v, tau)"
	default:
		le.Message = strings.TrimPrefix(err.Error(), "json: ") + " (" + shape + ")"
	}
	le.Line, le.Column = lineColumn(b, offset)
	return nil, le
}

// lineColumn converts a byte offset into 1-based line and column numbers.
func lineColumn(b []byte, offset int64) (int, int) {
	offset = min(max(offset, 0), int64(len(b)))
	line, col := 1, 1
	for _, c := range b[:offset] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// complete reports whether the state gives the coordinates of every joint that owns
// some in q: then eval assembles no seed.
func complete(m *compile.Model, st *stateFile) bool {
	for i := range m.Joints {
		if j := &m.Joints[i]; j.NQ > 0 {
			if _, ok := st.Q[j.ID]; !ok {
				return false
			}
		}
	}
	return true
}

// evalStart places a workspace for the state: a complete state (every coordinate
// given) is assembled from its own q, so no seed is involved; otherwise the seed is
// assembled and the state's coordinates are applied to it by evaluate.
func evalStart(cmd *cobra.Command, arg, seed string, f *compileFlags, st *stateFile, path string) (*assembled, error) {
	m, err := loadModel(arg, f)
	if err != nil {
		return nil, err
	}
	if !complete(m.Model, st) {
		return assembleLoaded(cmd, m, seed, f.partition)
	}
	q := m.Neutral()
	if err := m.SetJointValues(q, st.Q); err != nil {
		return nil, cli.Invalid(fmt.Errorf("%s: q: %v", path, err))
	}
	d := m.NewData()
	if err := d.AssembleFrom(q); err != nil {
		return nil, cli.Numerical(fmt.Errorf("%s: assembling the state of %s: %w", m.Graph.Source, path, err))
	}
	warn(cmd, d.Warnings)
	return placed(m, d)
}

// evaluate assembles the state's configuration (the given coordinates that are
// independent are held), lifts the independent part of its velocity, and evaluates the
// dynamics interfaces there through the front door.
func evaluate(s *assembled, st *stateFile, path string, matrices bool) (*evalJSON, error) {
	d, m := s.d, s.m
	if len(st.Q) > 0 {
		q := append([]float64(nil), d.Q...)
		if err := m.SetJointValues(q, st.Q); err != nil {
			return nil, cli.Invalid(fmt.Errorf("%s: q: %v", path, err))
		}
		independent := d.Partition().Independent
		if err := d.AssembleFrom(q); err != nil {
			return nil, cli.Numerical(fmt.Errorf("%s: assembling the state of %s: %w", m.Graph.Source, path, err))
		}
		if err := heldValues(m, d.Q, st.Q, independent); err != nil {
			return nil, cli.Invalid(fmt.Errorf("%s: q: %v", path, err))
		}
	}
	p := d.Partition()
	v := make([]float64, m.NV)
	if err := setVelocities(m, v, st.V); err != nil {
		return nil, cli.Invalid(fmt.Errorf("%s: v: %v", path, err))
	}
	u := make([]float64, p.Mobility)
	for k, c := range p.Independent {
		u[k] = v[c]
	}
	if err := d.SetState(u, nil); err != nil {
		return nil, cli.Invalid(fmt.Errorf("%s: v: %v", path, err))
	}
	d.Interfaces()
	if err := liftedValues(m, d.V, st.V, p.Independent); err != nil {
		return nil, cli.Invalid(fmt.Errorf("%s: v: %v", path, err))
	}
	f := make([]float64, len(d.Kin.Ports))
	tauT := make([]float64, m.NVT)
	out0 := &evalJSON{efforts: f}
	for id, x := range st.Tau {
		if i := portIndex(d.Kin, id); i >= 0 {
			if len(x) != 1 {
				return nil, cli.Invalid(fmt.Errorf("%s: tau[%s]: an actuator takes one effort, got %d", path, id, len(x)))
			}
			f[i] = x[0]
			continue
		}
		j := m.JointIndex(id)
		if j < 0 || !m.Joints[j].Tree || len(x) != m.Joints[j].NV {
			return nil, cli.Invalid(fmt.Errorf("%s: tau[%s]: not an actuator id or a tree joint with %d values", path, id, len(x)))
		}
		copy(tauT[m.Joints[j].V0:], x)
		out0.treeEfforts = true
	}
	if err := d.Dynamics(nil); err != nil {
		return nil, cli.Invalid(err)
	}
	if err := d.Accelerations(f, tauT); err != nil {
		return nil, cli.Numerical(fmt.Errorf("%s: at the state of %s: %w", m.Graph.Source, path, err))
	}
	a, red := d.Assembly, d.Reduced
	names := m.CoordinateNames()
	out := out0
	*out = evalJSON{Model: m.Graph.Name, Joints: names[:m.NVT], H: red.HT,
		A: map[string]float64{}, Coordinates: names, Hr: red.Hr, Udot: d.Udot,
		Curvature: d.Curv, GapM: a.GapM, GapRad: a.GapRad, Matrices: matrices,
		efforts: f, treeEfforts: out0.treeEfforts}
	for i, name := range names {
		out.A[name] = d.A[i]
	}
	out.Independent = pickNames(names, p.Independent)
	if !matrices {
		return out, nil
	}
	mt, mr, e := make([]float64, m.NVT*m.NVT), make([]float64, p.Mobility*p.Mobility), make([]float64, m.NV*p.Mobility)
	if err := errors.Join(d.DenseTreeMass(mt), d.DenseReducedMass(mr), d.DenseLift(e)); err != nil {
		return nil, err
	}
	out.M, out.Mr, out.E = rows(mt, m.NVT), rows(mr, p.Mobility), rowsOf(e, m.NV, p.Mobility)
	return out, nil
}

// heldValues checks that assembly kept every given coordinate: a given value of a
// dependent coordinate that the closure moved is an error, never silently replaced.
func heldValues(m *compile.Model, q []float64, given map[string]cmg.Values, independent []int) error {
	got := m.JointValues(q)
	for id, want := range given {
		for k, x := range want {
			if g, ok := got[id]; ok && k < len(g) && math.Abs(g[k]-x) > 1e-9*math.Max(1, math.Abs(x)) {
				return fmt.Errorf("joint %q: the closure moved the given value %.12g to %.12g; it is dependent under the partition (independent: %v; choose another with --partition)",
					id, x, g[k], pickNames(m.CoordinateNames(), independent))
			}
		}
	}
	return nil
}

// liftedValues checks that the lifted velocity v = E u reproduces every given velocity.
func liftedValues(m *compile.Model, v []float64, given map[string]cmg.Values, independent []int) error {
	for id, want := range given {
		j := &m.Joints[m.JointIndex(id)]
		for k, x := range want {
			if g := v[j.V0+k]; math.Abs(g-x) > 1e-9*math.Max(1, math.Abs(x)) {
				return fmt.Errorf("joint %q: the given velocity %.12g is not feasible with the independent ones (the closure gives %.12g; independent: %v)",
					id, x, g, pickNames(m.CoordinateNames(), independent))
			}
		}
	}
	return nil
}

// pickNames labels velocity indices with coordinate names (never nil, so JSON prints []).
func pickNames(names []string, idx []int) []string {
	out := make([]string, len(idx))
	for i, c := range idx {
		out[i] = names[c]
	}
	return out
}

// setVelocities writes per-joint velocities into v (len NV).
func setVelocities(m *compile.Model, v []float64, vals map[string]cmg.Values) error {
	for id, x := range vals {
		j := m.JointIndex(id)
		if j < 0 {
			return fmt.Errorf("unknown joint %q", id)
		}
		jt := &m.Joints[j]
		if len(x) != jt.NV {
			return fmt.Errorf("joint %q takes %d velocities, got %d", id, jt.NV, len(x))
		}
		for _, y := range x {
			if math.IsNaN(y) || math.IsInf(y, 0) {
				return fmt.Errorf("joint %q: non-finite velocity", id)
			}
		}
		copy(v[jt.V0:], x)
	}
	return nil
}

// portIndex returns the index of the port with the given actuator id, or -1.
func portIndex(kd *kin.Data, id string) int {
	for i := range kd.Ports {
		if kd.Ports[i].ID == id {
			return i
		}
	}
	return -1
}

// rows splits a row-major n×n slice into rows.
func rows(x []float64, n int) [][]float64 {
	out := make([][]float64, n)
	for i := range out {
		out[i] = x[i*n : i*n+n]
	}
	return out
}

// rowsOf splits the r×c row-major x into rows (never nil, so JSON prints [] rows).
func rowsOf(x []float64, r, c int) [][]float64 {
	out := make([][]float64, r)
	for i := range out {
		out[i] = x[i*c : i*c+c]
	}
	return out
}

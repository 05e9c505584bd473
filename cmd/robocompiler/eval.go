package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/mat"
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
}

func init() {
	var f compileFlags
	var seed, statePath string
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
			s, err := assembleModel(args[0], seed, &f)
			if err != nil {
				return err
			}
			out, err := evaluate(s, st, statePath)
			if err != nil {
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
	c.Flags().StringVar(&statePath, "state", "", "state file {\"q\": {...}, \"v\": {...}, \"tau\": {...}}")
	root.AddCommand(c)
}

// readState parses a state file strictly (unknown keys are errors).
func readState(path string) (*stateFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var st stateFile
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("%s: %v (valid keys: q, v, tau)", path, err)
	}
	return &st, nil
}

// evaluate assembles the state's configuration (the given coordinates that are
// independent are held), lifts the independent part of its velocity, and evaluates the
// dynamics interfaces there.
func evaluate(s *assembled, st *stateFile, path string) (*evalJSON, error) {
	m, p := s.m, s.p
	q := append([]float64(nil), s.a.Q...)
	if len(st.Q) > 0 {
		if err := m.SetJointValues(q, st.Q); err != nil {
			return nil, cli.Invalid(fmt.Errorf("%s: q: %v", path, err))
		}
		a, err := closure.Assemble(m, q, closure.AssembleOptions{Hold: p.Independent})
		if err != nil {
			return nil, cli.Numerical(err)
		}
		q = a.Q
		s.a = a
		if err := heldValues(m, q, st.Q, p.Independent); err != nil {
			return nil, cli.Invalid(fmt.Errorf("%s: q: %v", path, err))
		}
		if p, err = closure.PartitionAt(m, q, requestOf(p)); err != nil {
			return nil, partitionFailure(err)
		}
	}
	v := make([]float64, m.NV)
	if err := setVelocities(m, v, st.V); err != nil {
		return nil, cli.Invalid(fmt.Errorf("%s: v: %v", path, err))
	}
	u := make([]float64, p.Mobility)
	for k, c := range p.Independent {
		u[k] = v[c]
	}
	kd := kin.NewData(m, p)
	if err := kd.Update(q, u); err != nil {
		return nil, cli.Numerical(err)
	}
	if err := liftedValues(m, kd.V, st.V, p.Independent); err != nil {
		return nil, cli.Invalid(fmt.Errorf("%s: v: %v", path, err))
	}
	f := make([]float64, len(kd.Ports))
	tauT := make([]float64, m.NVT)
	for id, x := range st.Tau {
		if i := portIndex(kd, id); i >= 0 {
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
	}
	red := dyn.NewReduced(m.NVT, p.Mobility)
	kd.Dyn.ReducedDynamics(red, q, kd.V, kd.Lift.E, kd.Curv, nil)
	tauR := make([]float64, p.Mobility)
	kd.ReducedEffort(f, tauR)
	E := kd.Lift.E
	for k := range tauR {
		for i := range m.NVT {
			tauR[k] += E.At(i, k) * tauT[i]
		}
	}
	udot := make([]float64, p.Mobility)
	if err := red.Forward(tauR, udot); err != nil {
		return nil, cli.Numerical(err)
	}
	acc := make([]float64, m.NV)
	dyn.TreeAcceleration(E, kd.Curv, udot, acc)

	names := m.CoordinateNames()
	out := &evalJSON{Model: m.Graph.Name, Joints: names[:m.NVT], M: rows(red.MT, m.NVT), H: red.HT,
		A: map[string]float64{}, Coordinates: names, Mr: rows(red.Mr, p.Mobility), Hr: red.Hr, Udot: udot,
		Curvature: kd.Curv, GapM: s.a.GapM, GapRad: s.a.GapRad}
	for i, name := range names {
		out.A[name] = acc[i]
	}
	out.Independent = pickNames(names, p.Independent)
	out.E = denseRows(E, m.NV, p.Mobility)
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

// requestOf returns p's independent set when it was requested, else nil.
func requestOf(p *closure.Partition) []int {
	if p.Requested {
		return p.Independent
	}
	return nil
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

// denseRows copies an r×c leading block of A (possibly empty) into rows.
func denseRows(A *mat.Dense, r, c int) [][]float64 {
	out := make([][]float64, r)
	for i := range out {
		out[i] = make([]float64, c)
		if c > 0 {
			mat.Row(out[i], i, A)
		}
	}
	return out
}

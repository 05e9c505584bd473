package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/kktref"
	"github.com/robocompiler/robocompiler/robots"
)

func writeState(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEvalMatchesKKT evaluates the four-bar at a crank angle, speed and motor torque and
// compares the constrained accelerations with the KKT/null-space reference built here
// from the library's tree dynamics and closure Jacobian at the configuration eval reports.
func TestEvalMatchesKKT(t *testing.T) {
	st := writeState(t, `{"q": {"crank_pivot": 0.3}, "v": {"crank_pivot": 1.5}, "tau": {"crank_motor": 0.05}}`)
	out, errOut, code := run(t, "eval", "fourbar", "--partition", "crank", "--state", st, "--json")
	if code != 0 {
		t.Fatalf("eval exit %d: %s", code, errOut)
	}
	var r evalJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.GapM > 1e-12 || len(r.Independent) != 1 || r.Independent[0] != "crank_pivot" {
		t.Fatalf("gap %g, independent %v", r.GapM, r.Independent)
	}
	// Rebuild the state in the library: assemble with the crank held at 0.3.
	g, _ := robots.Get("fourbar")
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q0, _ := m.Seed("")
	q0[m.Joints[m.JointIndex("crank_pivot")].Q0] = 0.3
	req, _ := m.PartitionRequest("crank")
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{Hold: req})
	if err != nil {
		t.Fatal(err)
	}
	cd := closure.NewData(m)
	cd.Jacobian(a.Q)
	p, err := closure.ChoosePartition(m, cd.C, req, 0)
	if err != nil {
		t.Fatal(err)
	}
	l := closure.NewLift(p, m.NV)
	if err := l.Update(cd.C); err != nil {
		t.Fatal(err)
	}
	v := make([]float64, m.NV)
	for i := range v {
		v[i] = l.E.At(i, 0) * 1.5
	}
	cd.Drift(a.Q, v)
	dd := dyn.NewData(m)
	n, nv := m.NVT, m.NV
	MT, hT := make([]float64, n*n), make([]float64, n)
	dd.CRBA(a.Q, MT)
	dd.Bias(a.Q, v, nil, hT)
	M, h, tau := make([]float64, nv*nv), make([]float64, nv), make([]float64, nv)
	for i := range n {
		copy(M[i*nv:i*nv+n], MT[i*n:i*n+n])
		h[i] = hT[i]
	}
	tau[m.Joints[m.JointIndex("crank_pivot")].V0] = 0.05
	Jc := make([]float64, m.Rows*nv)
	for i := range m.Rows {
		for j := range nv {
			Jc[i*nv+j] = cd.C.At(i, j)
		}
	}
	aref, _, err := kktref.SolveBig(M, h, tau, Jc, cd.Gamma, nv, m.Rows, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float64, nv)
	for i, name := range m.CoordinateNames() {
		got[i] = r.A[name]
	}
	if d := kktref.DeltaA(got, aref); d > 1e-12 {
		t.Errorf("eval accelerations differ from the KKT reference: delta_a = %.3g\n got %v\nwant %v", d, got, aref)
	}
	for i := range n {
		for j := range n {
			if d := r.M[i][j] - MT[i*n+j]; math.Abs(d) > 1e-14*max(1, math.Abs(MT[i*n+j])) {
				t.Fatalf("M[%d][%d] = %g, library %g", i, j, r.M[i][j], MT[i*n+j])
			}
		}
	}
}

// TestEvalErrors: a given dependent coordinate the closure moves, an infeasible velocity,
// an unknown key and a missing --state.
func TestEvalErrors(t *testing.T) {
	for _, tc := range []struct {
		state, args, want string
		code              int
	}{
		{`{"q": {"rocker_pivot": 0.3}}`, "", `joint "rocker_pivot": the closure moved`, 1},
		{`{"v": {"crank_pivot": 1, "rocker_pivot": 5}}`, "--partition crank", `joint "rocker_pivot": the given velocity`, 1},
		{`{"tau": {"nothing": 1}}`, "", `tau[nothing]`, 1},
		{`{"qq": {}}`, "", `:1:11: field "qq": unknown key`, 1},
		{`[1, 2]`, "", `:1:2: found a JSON array: a state file is one JSON object`, 1},
		{``, "", `empty file`, 1},
		{`{"q": {"crank_pivot": "x"}}`, "", `:1:`, 1},
		{`{"q": {"crank_pivot": 0.3}`, "", `ends inside the JSON object`, 1},
		{`{"v": {"crank_pivot": 1e300}}`, "", `overflowed`, 3},
	} {
		args := []string{"eval", "fourbar", "--state", writeState(t, tc.state)}
		if tc.args != "" {
			args = append(args, strings.Fields(tc.args)...)
		}
		_, errOut, code := run(t, args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d %q, want %d containing %q", tc.state, code, errOut, tc.code, tc.want)
		}
	}
	if _, _, code := run(t, "eval", "fourbar"); code != 2 {
		t.Errorf("missing --state: exit %d, want 2", code)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// compileOutput is the part of `compile --json` that DESIGN.md's contract fixes.
type compileOutput struct {
	Bodies          int `json:"bodies"`
	Joints          int `json:"joints"`
	CycleRank       int `json:"cycle_rank"`
	TreeCoordinates int `json:"tree_coordinates"`
	Coordinates     int `json:"coordinates"`
	Cuts            []struct {
		Joint string `json:"joint"`
		Type  string `json:"type"`
		Rows  int    `json:"rows"`
	} `json:"cuts"`
	Modules []struct {
		Size int      `json:"size"`
		Cuts []string `json:"cuts"`
	} `json:"modules"`
	ResidualRows int `json:"residual_rows"`
}

// contractKeys are the keys DESIGN.md requires of `compile --json`, top level and per
// cut and module.
var contractKeys = struct{ top, cut, module []string }{
	top:    []string{"bodies", "joints", "cycle_rank", "tree_coordinates", "coordinates", "cuts", "modules", "residual_rows"},
	cut:    []string{"joint", "type", "rows"},
	module: []string{"size", "cuts"},
}

// compileJSONRun runs `compile args... --json`, checks the exit status, that stdout is
// one JSON object with every contract key (arrays, never null), and decodes it.
func compileJSONRun(t *testing.T, args ...string) compileOutput {
	t.Helper()
	out, errOut, code := run(t, append(append([]string{"compile"}, args...), "--json")...)
	if code != 0 {
		t.Fatalf("compile %v: exit %d: %s", args, code, errOut)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	var raw map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		t.Fatalf("compile %v: %v in %q", args, err, out)
	}
	if dec.More() {
		t.Errorf("compile %v: more than one JSON value on stdout", args)
	}
	hasKeys := func(what string, obj map[string]json.RawMessage, keys []string) {
		for _, k := range keys {
			if _, ok := obj[k]; !ok {
				t.Errorf("compile %v: %s lacks %q", args, what, k)
			}
		}
	}
	hasKeys("the output", raw, contractKeys.top)
	for key, sub := range map[string][]string{"cuts": contractKeys.cut, "modules": contractKeys.module} {
		var list []map[string]json.RawMessage
		if err := json.Unmarshal(raw[key], &list); err != nil || list == nil {
			t.Fatalf("compile %v: %q is %s, want an array", args, key, raw[key])
		}
		for _, obj := range list {
			hasKeys("an entry of "+key, obj, sub)
		}
	}
	var c compileOutput
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCompileCommandJSON: on every built-in model, `compile --json` reports the compiled
// structure (in both comparison forms) with the contract's keys: the paper's cycle ranks,
// the cuts with their row kinds and counts, residual_rows their sum, and modules that
// partition the cuts.
func TestCompileCommandJSON(t *testing.T) {
	mu := map[string]int{"fourbar": 1, "fivebar": 1, "stewart": 5, "excavator": 9}
	for _, name := range robots.Names() {
		g, err := robots.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, elim := range []bool{false, true} {
			args := []string{name}
			if elim {
				args = append(args, "--eliminate")
			}
			c := compileJSONRun(t, args...)
			m, err := compile.Compile(g, compile.Options{Eliminate: elim})
			if err != nil {
				t.Fatal(err)
			}
			if want, ok := mu[name]; ok && c.CycleRank != want {
				t.Errorf("%v: cycle_rank %d, want %d", args, c.CycleRank, want)
			}
			if c.Bodies != len(m.Bodies) || c.Joints != len(m.Joints) || c.CycleRank != m.CycleRank ||
				c.TreeCoordinates != m.NVT || c.Coordinates != m.NV || c.ResidualRows != m.Rows {
				t.Errorf("%v: %+v; the library has %d bodies, %d joints, mu %d, %d tree coordinates of %d, %d rows",
					args, c, len(m.Bodies), len(m.Joints), m.CycleRank, m.NVT, m.NV, m.Rows)
			}
			if len(c.Cuts) != len(m.Comparisons) {
				t.Fatalf("%v: %d cuts, the library %d", args, len(c.Cuts), len(m.Comparisons))
			}
			rows := 0
			for i, cut := range c.Cuts {
				cm := m.Comparisons[i]
				if cut.Joint != cm.ID || cut.Type != cm.Kind.String() || cut.Rows != cm.Rows() {
					t.Errorf("%v: cut %d is %+v, the library's %s %v with %d rows", args, i, cut, cm.ID, cm.Kind, cm.Rows())
				}
				rows += cut.Rows
			}
			if rows != c.ResidualRows {
				t.Errorf("%v: cut rows sum to %d, residual_rows %d", args, rows, c.ResidualRows)
			}
			var inModules []string
			for _, mod := range c.Modules {
				inModules = append(inModules, mod.Cuts...)
			}
			var cuts []string
			for _, cut := range c.Cuts {
				cuts = append(cuts, cut.Joint)
			}
			slices.Sort(inModules)
			slices.Sort(cuts)
			if !slices.Equal(inModules, cuts) {
				t.Errorf("%v: modules hold cuts %v, want each of %v once", args, inModules, cuts)
			}
		}
	}
}

// TestCompileCommandStructures: the structures of the issue through the command line:
// the Stewart platform's 21 tree coordinates and five spherical cuts (point rows when
// eliminated, which leaves q and v to the tree), and the excavator's nine revolute cuts
// with the paper's module sizes under both partition requests.
func TestCompileCommandStructures(t *testing.T) {
	s := compileJSONRun(t, "stewart")
	if s.TreeCoordinates != 21 || s.Coordinates != 36 || s.ResidualRows != 30 || len(s.Cuts) != 5 {
		t.Errorf("stewart: %+v", s)
	}
	e := compileJSONRun(t, "stewart", "--eliminate")
	if e.TreeCoordinates != 21 || e.Coordinates != 21 || e.ResidualRows != 15 {
		t.Errorf("stewart --eliminate: %+v", e)
	}
	for _, cut := range e.Cuts {
		if cut.Type != "point" || cut.Rows != 3 {
			t.Errorf("stewart --eliminate: cut %+v, want point rows", cut)
		}
	}
	for req, want := range map[string][]int{"joint_space": {3, 3, 10, 3, 3, 3}, "cylinder_space": {6, 10, 6, 3}} {
		c := compileJSONRun(t, "excavator", "--partition", req)
		var sizes []int
		for _, mod := range c.Modules {
			sizes = append(sizes, mod.Size)
		}
		if !reflect.DeepEqual(sizes, want) {
			t.Errorf("excavator --partition %s: module sizes %v, want %v", req, sizes, want)
		}
		if len(c.Cuts) != 9 || c.ResidualRows != 54 {
			t.Errorf("excavator: %d cuts, %d rows; want 9 and 54", len(c.Cuts), c.ResidualRows)
		}
		for _, cut := range c.Cuts {
			if cut.Type != "se3" || cut.Rows != 6 {
				t.Errorf("excavator: cut %+v, want a revolute joint in se3 form", cut)
			}
		}
	}
}

// TestCompileCommandLoopFree: a model without loops has cycle rank 0 and empty (not
// null) cuts and modules, and its readable report says so.
func TestCompileCommandLoopFree(t *testing.T) {
	g, err := robots.Get("fourbar")
	if err != nil {
		t.Fatal(err)
	}
	g.Joints = slices.DeleteFunc(g.Joints, func(j cmg.Joint) bool { return j.ID == "crank_coupler" })
	for _, seed := range g.Seeds {
		delete(seed, "crank_coupler")
	}
	data, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "open.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c := compileJSONRun(t, path)
	if c.CycleRank != 0 || len(c.Cuts) != 0 || len(c.Modules) != 0 || c.ResidualRows != 0 || c.Coordinates != 3 {
		t.Errorf("open chain: %+v", c)
	}
	out, errOut, code := run(t, "compile", path)
	if code != 0 || !strings.Contains(out, "cycle rank 0") {
		t.Errorf("readable report: exit %d, %q %s", code, out, errOut)
	}
}

// TestCompileCommandErrors: an unknown partition request or model is invalid input
// (exit 1, message naming it); a missing MODEL is a usage error (exit 2).
func TestCompileCommandErrors(t *testing.T) {
	if _, errOut, code := run(t, "compile", "excavator", "--partition", "joint-space", "--json"); code != 1 ||
		!strings.Contains(errOut, `"joint-space"`) || !strings.Contains(errOut, "cylinder_space") {
		t.Errorf("unknown partition: exit %d, %q", code, errOut)
	}
	if _, errOut, code := run(t, "compile", "no_such_robot"); code != 1 || !strings.Contains(errOut, "no_such_robot") {
		t.Errorf("unknown model: exit %d, %q", code, errOut)
	}
	if _, _, code := run(t, "compile"); code != 2 {
		t.Errorf("missing MODEL: exit %d, want 2", code)
	}
}

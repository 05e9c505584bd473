package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/internal/cli"
)

// TestErrorObjectPerClass: with --json every failure prints exactly one object on stdout
// holding {"error": {"code", ...}} with the exit status, and the message on stderr; one
// case per exit class (1 invalid, 2 usage, 3 numerical).
func TestErrorObjectPerClass(t *testing.T) {
	dir := t.TempDir()
	bad := loopModel(t, dir, "revolute", false)
	state := filepath.Join(dir, "s.json")
	if err := os.WriteFile(state, []byte("{\n  \"q\": [1]\n}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		code  int
		field string
		line  int
	}{
		{[]string{"assemble", filepath.Join(dir, "missing.json")}, 1, "", 0},
		{[]string{"eval", "fourbar", "--state", state}, 1, "q", 2},
		{[]string{"simulate", "fourbar", "--task", "inspection", "--out", filepath.Join(dir, "o")}, 1, "", 0},
		{[]string{"assemble", "fourbar", "--bogus"}, 2, "", 0},
		{[]string{"simulate", "stewart", "--task", "nope", "--out", dir}, 2, "", 0},
		{[]string{"assemble", bad}, 3, "", 0},
		{[]string{"check", bad}, 3, "", 0},
	} {
		stdout, stderr, code := run(t, append(c.args, "--json")...)
		var obj map[string]json.RawMessage
		dec := json.NewDecoder(strings.NewReader(stdout))
		if err := dec.Decode(&obj); err != nil || dec.More() {
			t.Errorf("%v: stdout is not one JSON object: %v %q", c.args, err, stdout)
			continue
		}
		var body cli.ErrorBody
		if err := json.Unmarshal(obj["error"], &body); err != nil || code != c.code || body.Code != c.code || body.Message == "" ||
			!strings.Contains(stderr, body.Message) || body.Field != c.field || body.Line != c.line {
			t.Errorf("%v: exit %d, error %+v (%v), stderr %q; want exit %d, field %q line %d", c.args, code, body, err, stderr, c.code, c.field, c.line)
		}
		if c.code != 2 && body.File == "" {
			t.Errorf("%v: the error object names no file: %+v", c.args, body)
		}
	}
}

// TestVersion: --version prints the version.
func TestVersion(t *testing.T) {
	out, _, code := run(t, "--version")
	if code != 0 || !strings.Contains(out, version) {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}

// TestOutputEqualToInputRefused: -o naming the input is a usage error and leaves the
// input untouched.
func TestOutputEqualToInputRefused(t *testing.T) {
	dir := t.TempDir()
	model := loopModel(t, dir, "revolute", true)
	before, _ := os.ReadFile(model)
	for _, args := range [][]string{
		{"export", model, "--format", "mjcf", "-o", model},
		{"import", model, "-o", model},
	} {
		_, stderr, code := run(t, args...)
		after, _ := os.ReadFile(model)
		if code != 2 || string(after) != string(before) || !strings.Contains(stderr, "input") {
			t.Errorf("%v: exit %d, %q; input changed %v", args, code, stderr, string(after) != string(before))
		}
	}
}

// TestWritesAreAtomic: a URDF export whose sidecar cannot be written replaces neither
// file, and an earlier good output survives a failed write (no temporary files left).
func TestWritesAreAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "m.urdf")
	if err := os.WriteFile(out, []byte("old urdf"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The sidecar's name is a directory: it cannot be replaced by a file.
	if err := os.Mkdir(closuresPath(out), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, "export", "fourbar", "--format", "urdf", "-o", out)
	got, _ := os.ReadFile(out)
	if code == 0 || string(got) != "old urdf" {
		t.Errorf("export with an unwritable sidecar: exit %d (%q); URDF now %q", code, stderr, got)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestSimulateBounds: an absurd --duration is refused before allocating (exit 1), a model
// that does not suit the task is invalid input (exit 1), and a failed run leaves the
// previous outputs of DIR as they were.
func TestSimulateBounds(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "metrics.json")
	if err := os.WriteFile(keep, []byte("previous"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "stewart", "--task", "inspection", "--out", dir, "--duration", "1e300"}, "at most"},
		{[]string{"simulate", "stewart", "--task", "inspection", "--out", dir, "--duration", "1e9"}, "at most"},
		{[]string{"simulate", "fourbar", "--task", "inspection", "--out", dir}, "does not suit task inspection"},
	} {
		_, stderr, code := run(t, c.args...)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want 1 naming %q", c.args, code, stderr, c.want)
		}
	}
	if b, _ := os.ReadFile(keep); string(b) != "previous" {
		t.Errorf("a failed simulate changed DIR: %q", b)
	}
	if _, stderr, code := run(t, "simulate", "stewart", "--task", "inspection", "--out", dir, "--duration", "0.02"); code != 0 {
		t.Fatalf("short run: exit %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(keep); string(b) == "previous" {
		t.Error("a completed simulate did not replace metrics.json")
	}
	out, _, _ := run(t, "simulate", "--help")
	if !strings.Contains(out, "inspection_native (stewart) [MuJoCo]") {
		t.Errorf("simulate --help does not mark MuJoCo tasks:\n%s", out)
	}
}

// TestSeedsProjectedIntoLimits: Panda's default seed (joint4 = 0 outside its limits) is
// projected with a warning naming the joint and then assembles; Go2's calves likewise.
func TestSeedsProjectedIntoLimits(t *testing.T) {
	for _, c := range []struct{ model, joint string }{
		{"../../../shared/models/menagerie/franka_emika_panda/panda.xml", "joint4"},
		{"../../../shared/models/menagerie/unitree_go2/go2.xml", "FL_calf_joint"},
	} {
		if _, err := os.Stat(c.model); err != nil {
			t.Skip("shared models not present")
		}
		_, stderr, code := run(t, "assemble", c.model)
		if code != 0 || !strings.Contains(stderr, "warning:") || !strings.Contains(stderr, `joint "`+c.joint+`"`) || !strings.Contains(stderr, "projected") {
			t.Errorf("%s: exit %d, %q", c.model, code, stderr)
		}
	}
}

// fourbarVariant writes the shared four-bar CMG with edit applied to its top-level keys
// into a temporary file.
func fourbarVariant(t *testing.T, edit func(g map[string]any)) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "cmg", "testdata", "fourbar.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g map[string]any
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	edit(g)
	out, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "variant.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNumericalMessagesTellTheTruth: contradictory couplings fail with exit 3 naming the
// file, the seed and the coupling with its (large) physical residual, not "largest
// residual 0" or a round-off value; a partition request with more coordinates than the
// mobility is named as such.
func TestNumericalMessagesTellTheTruth(t *testing.T) {
	contra := fourbarVariant(t, func(g map[string]any) {
		g["couplings"] = []any{
			map[string]any{"id": "c1", "master": "ground_crank", "slave": "crank_coupler", "multiplier": 1.0, "offset": 0.0},
			map[string]any{"id": "c2", "master": "ground_crank", "slave": "crank_coupler", "multiplier": 2.0, "offset": 0.5},
		}
	})
	_, stderr, code := run(t, "assemble", contra)
	if code != cli.ExitNumerical || !strings.Contains(stderr, contra) || !strings.Contains(stderr, `seed "default"`) ||
		!strings.Contains(stderr, "largest physical residual there 4.66") || !strings.Contains(stderr, `"c2"`) {
		t.Errorf("contradictory couplings: exit %d, %q", code, stderr)
	}
	many := fourbarVariant(t, func(g map[string]any) {
		g["partition_requests"] = map[string]any{"too_many": []any{"ground_crank", "rocker_ground"}}
	})
	_, stderr, code = run(t, "assemble", many, "--partition", "too_many")
	if code != cli.ExitNumerical || !strings.Contains(stderr, many) || !strings.Contains(stderr, "--partition too_many") ||
		!strings.Contains(stderr, "requests 2 independent coordinates") || !strings.Contains(stderr, "mobility at this configuration is 1") {
		t.Errorf("a request beyond the mobility: exit %d, %q", code, stderr)
	}
}

// TestSimulateFailsWhole: a run whose outputs cannot all be moved into DIR (a directory
// stands where metrics.json goes) fails and leaves DIR's previous outputs untouched, with
// no temporary files or directories beside them.
func TestSimulateFailsWhole(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "run")
	if _, stderr, code := run(t, "simulate", "stewart", "--task", "inspection", "--duration", "0.01", "--out", out); code != 0 {
		t.Fatalf("first run: exit %d, %s", code, stderr)
	}
	before := map[string][]byte{}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(out, e.Name()))
		before[e.Name()] = b
	}
	if err := os.Remove(filepath.Join(out, "metrics.json")); err != nil {
		t.Fatal(err)
	}
	delete(before, "metrics.json")
	if err := os.Mkdir(filepath.Join(out, "metrics.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, "simulate", "stewart", "--task", "inspection", "--duration", "0.02", "--out", out)
	if code == 0 {
		t.Fatalf("a run that cannot write metrics.json succeeded: %s", stderr)
	}
	for name, b := range before {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || string(got) != string(b) {
			t.Errorf("%s changed by a failed run (err %v)", name, err)
		}
	}
	for _, d := range []string{dir, out} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".tmp-") || strings.Contains(e.Name(), ".bak-") {
				t.Errorf("left behind: %s", filepath.Join(d, e.Name()))
			}
		}
	}
}

// TestBuiltinsNamedInMessages: an error about a built-in model names it by its built-in
// name, never by where its data is embedded.
func TestBuiltinsNamedInMessages(t *testing.T) {
	for _, name := range []string{"fourbar", "fivebar", "stewart", "excavator"} {
		_, stderr, code := run(t, "assemble", name, "--seed", "nope")
		if code != cli.ExitInvalid || !strings.Contains(stderr, name+": no seed named") || strings.Contains(stderr, "robots/") {
			t.Errorf("%s: exit %d, %q", name, code, stderr)
		}
	}
}

// TestSimulateSeed: simulate starts from the named seed, and an unknown one is invalid
// input naming the model's seeds.
func TestSimulateSeed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run")
	_, stderr, code := run(t, "simulate", "stewart", "--task", "inspection", "--duration", "0.01", "--out", out, "--seed", "nope")
	if code != cli.ExitInvalid || !strings.Contains(stderr, `stewart: no seed named "nope" (the model has [default])`) {
		t.Errorf("unknown seed: exit %d, %q", code, stderr)
	}
	if _, stderr, code := run(t, "simulate", "stewart", "--task", "inspection", "--duration", "0.01", "--out", out, "--seed", "default"); code != 0 {
		t.Errorf("--seed default: exit %d, %q", code, stderr)
	}
}

// TestEvalNumericalNamesFiles: eval's numerical failures (an assembly that cannot reach
// the given state, a result that overflows) exit 3 naming the model and the state file.
func TestEvalNumericalNamesFiles(t *testing.T) {
	dir := t.TempDir()
	for i, st := range []string{`{"q": {"crank_pivot": 1e300}}`, `{"v": {"crank_pivot": 1e300}}`, `{"q": {"crank_pivot": 0.3}, "v": {"crank_pivot": -1e300}}`} {
		path := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		if err := os.WriteFile(path, []byte(st), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := run(t, "eval", "fourbar", "--state", path)
		if code != cli.ExitNumerical || !strings.Contains(stderr, "fourbar") || !strings.Contains(stderr, path) {
			t.Errorf("%s: exit %d, %q", st, code, stderr)
		}
	}
}

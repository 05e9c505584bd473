package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchCLI runs batch on the four-bar with 1 and 2 workers: byte-identical output,
// one line per input line in order, errors per line, and a state equal to eval's.
func TestBatchCLI(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "states.jsonl")
	lines := []string{
		`{"q": {"crank_pivot": 0.3}, "v": {"crank_pivot": 1.5}, "f": {"crank_motor": 0.05}}`,
		`{"u": [0.5]}`,
		`{"u": [0.5, 1]}`,
		`not json`,
		`{"q": {"crank_pivot": 0.3}, "bogus": 1}`,
		`{"f": {"nobody": 1}}`,
		`{}`,
	}
	for i := 0; i < 40; i++ {
		lines = append(lines, `{"q": {"crank_pivot": 0.`+string(rune('1'+i%9))+`}, "u": [1], "f": {"crank_motor": -0.1}}`)
	}
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var outs [2][]byte
	for k, workers := range []string{"1", "2"} {
		out := filepath.Join(dir, "out"+workers+".jsonl")
		stdout, errOut, code := run(t, "batch", "fourbar", "--partition", "crank", "--in", in, "--out", out, "--workers", workers, "--reduced", "--json")
		if code != 0 {
			t.Fatalf("batch exit %d: %s", code, errOut)
		}
		var sum batchJSON
		if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
			t.Fatal(err)
		}
		if sum.Lines != len(lines) || sum.Errors != 4 || sum.Workers != k+1 {
			t.Fatalf("summary %+v", sum)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		outs[k] = b
	}
	if string(outs[0]) != string(outs[1]) {
		t.Fatal("batch output differs between 1 and 2 workers")
	}
	got := strings.Split(strings.TrimSpace(string(outs[0])), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d output lines for %d input lines", len(got), len(lines))
	}
	res := make([]batchResultJSON, len(got))
	for i, l := range got {
		if err := json.Unmarshal([]byte(l), &res[i]); err != nil {
			t.Fatal(err)
		}
		if res[i].Line != i+1 {
			t.Fatalf("line %d reports line %d", i+1, res[i].Line)
		}
		bad := i >= 2 && i <= 5
		if (res[i].Error != "") != bad {
			t.Fatalf("line %d: error %q", i+1, res[i].Error)
		}
		if !bad && (len(res[i].Udot) != 1 || len(res[i].Mr) != 1) {
			t.Fatalf("line %d: %+v", i+1, res[i])
		}
	}
	for i, want := range []string{"mobility is 1", "invalid character", "unknown field", "not an actuator"} {
		if !strings.Contains(res[2+i].Error, want) {
			t.Fatalf("line %d: error %q; want it to mention %q", 3+i, res[2+i].Error, want)
		}
	}
	// Line 1 is eval's state of TestEvalMatchesKKT.
	st := writeState(t, `{"q": {"crank_pivot": 0.3}, "v": {"crank_pivot": 1.5}, "tau": {"crank_motor": 0.05}}`)
	out, errOut, code := run(t, "eval", "fourbar", "--partition", "crank", "--state", st, "--json")
	if code != 0 {
		t.Fatalf("eval exit %d: %s", code, errOut)
	}
	var ev evalJSON
	if err := json.Unmarshal([]byte(out), &ev); err != nil {
		t.Fatal(err)
	}
	for name, a := range ev.A {
		if math.Abs(res[0].A[name]-a) > 1e-12*math.Max(1, math.Abs(a)) {
			t.Fatalf("a[%s] = %.17g; eval gives %.17g", name, res[0].A[name], a)
		}
	}
}

// TestEvalMatricesFlag: eval prints M, E and Mr by default on a small model and not with
// --matrices=false.
func TestEvalMatricesFlag(t *testing.T) {
	st := writeState(t, `{"v": {"crank_pivot": 1.5}}`)
	for _, c := range []struct {
		args []string
		want bool
	}{{nil, true}, {[]string{"--matrices=false"}, false}} {
		out, errOut, code := run(t, append([]string{"eval", "fourbar", "--partition", "crank", "--state", st, "--json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("eval exit %d: %s", code, errOut)
		}
		var r evalJSON
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if r.Matrices != c.want || (r.M != nil) != c.want || (r.Mr != nil) != c.want || (r.E != nil) != c.want || len(r.Udot) != 1 {
			t.Fatalf("%v: matrices %v, M %v, Mr %v", c.args, r.Matrices, r.M, r.Mr)
		}
	}
}

// TestBatchRefusals: --out equal to --in is a usage error that leaves the input as it
// was; a missing input is invalid input naming the file.
func TestBatchRefusals(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "states.jsonl")
	if err := os.WriteFile(in, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, "batch", "fourbar", "--in", in, "--out", in); code != 2 || !strings.Contains(stderr, "is an input of the command") {
		t.Errorf("--out = --in: exit %d, %q", code, stderr)
	}
	if b, _ := os.ReadFile(in); string(b) != "{}\n" {
		t.Errorf("the input was changed: %q", b)
	}
	missing := filepath.Join(dir, "missing.jsonl")
	if _, stderr, code := run(t, "batch", "fourbar", "--in", missing, "--out", filepath.Join(dir, "o.jsonl")); code != 1 || !strings.Contains(stderr, missing) {
		t.Errorf("missing input: exit %d, %q", code, stderr)
	}
}

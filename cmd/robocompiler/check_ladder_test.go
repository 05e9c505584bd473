package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/check"
	"github.com/robocompiler/robocompiler/robots"
)

// TestCheckLadder: a ladder of 60 four-bar loops (240 velocities, the loop form) passes
// check with the null-space reference, and the report names it and says in words what
// was skipped (its parallelogram loops have no curvature to measure).
func TestCheckLadder(t *testing.T) {
	path := ladderFile(t, 60)
	out, errOut, code := run(t, "check", path, "--states", "2", "--json")
	if code != 0 {
		t.Fatalf("check of a 60-loop ladder: exit %d %s\n%s", code, errOut, out)
	}
	var r struct {
		Passed    bool     `json:"passed"`
		Reference string   `json:"dynamics_reference"`
		Skipped   bool     `json:"extended_reference_skipped"`
		FD        int      `json:"jacobian_fd_columns"`
		Lift      int      `json:"lift_columns"`
		Notes     []string `json:"notes"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Passed || r.Reference != check.RefNullSpaceRefinement || !r.Skipped || r.FD != 240 || r.Lift != 60 || len(r.Notes) < 2 {
		t.Errorf("report %+v", r)
	}
}

// ladderFile writes the ladder of k four-bar loops (robots.FourBarLadder) as CMG JSON in
// a temporary directory and returns its path.
func ladderFile(t *testing.T, k int) string {
	t.Helper()
	b, err := json.Marshal(robots.FourBarLadder(k))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), fmt.Sprintf("ladder%d.json", k))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEvalLadderDerivatives: eval of a 60-loop ladder (the loop form) prints its dense
// matrices on request, and --derivatives of eval and batch, which the loop form cannot
// give, is a usage error (exit 2) naming the loop form, not a numerical failure or an
// error on every line.
func TestEvalLadderDerivatives(t *testing.T) {
	path := ladderFile(t, 60)
	state := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(state, []byte(`{"q": {}, "v": {}, "tau": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "eval", path, "--state", state, "--matrices", "--json")
	if code != 0 {
		t.Fatalf("eval --matrices: exit %d: %s", code, errOut)
	}
	var r struct {
		E  [][]float64 `json:"E"`
		Mr [][]float64 `json:"Mr"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.E) != 240 || len(r.Mr) != 60 {
		t.Errorf("eval --matrices: E has %d rows, Mr %d; want 240 and 60", len(r.E), len(r.Mr))
	}
	if _, errOut, code := run(t, "eval", path, "--state", state, "--derivatives"); code != 2 || !strings.Contains(errOut, "loop form") {
		t.Errorf("eval --derivatives: exit %d, stderr %q; want 2 naming the loop form", code, errOut)
	}
	in, res := filepath.Join(t.TempDir(), "in.jsonl"), filepath.Join(t.TempDir(), "out.jsonl")
	if err := os.WriteFile(in, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "batch", path, "--in", in, "--out", res, "--derivatives", "--no-progress"); code != 2 || !strings.Contains(errOut, "loop form") {
		t.Errorf("batch --derivatives: exit %d, stderr %q; want 2 naming the loop form", code, errOut)
	}
	if _, err := os.Stat(res); !os.IsNotExist(err) {
		t.Errorf("batch --derivatives refused, yet %s exists (%v)", res, err)
	}
}

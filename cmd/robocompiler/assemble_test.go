package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

var (
	pipelineBinOnce sync.Once
	pipelineBin     string
	pipelineBinErr  error
)

// pipelineBinary builds the robocompiler command once for the pipeline tests.
func pipelineBinary(t *testing.T) string {
	t.Helper()
	pipelineBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "rc-pipeline")
		if err != nil {
			pipelineBinErr = err
			return
		}
		pipelineBin = filepath.Join(dir, "robocompiler")
		out, err := exec.Command("go", "build", "-o", pipelineBin, ".").CombinedOutput()
		if err != nil {
			pipelineBinErr = errors.New(string(out))
		}
	})
	if pipelineBinErr != nil {
		t.Fatal(pipelineBinErr)
	}
	return pipelineBin
}

// run executes the command and returns stdout, stderr and the exit status.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(pipelineBinary(t), args...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// TestCompileAndAssembleJSON checks the contract keys and numbers on the excavator.
func TestCompileAndAssembleJSON(t *testing.T) {
	out, errOut, code := run(t, "compile", "excavator", "--partition", "cylinder_space", "--json")
	if code != 0 {
		t.Fatalf("compile exit %d: %s", code, errOut)
	}
	var c map[string]any
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"bodies", "joints", "cycle_rank", "tree_coordinates", "coordinates", "cuts", "modules", "residual_rows"} {
		if _, ok := c[k]; !ok {
			t.Errorf("compile --json lacks %q", k)
		}
	}
	if c["cycle_rank"].(float64) != 9 || len(c["cuts"].([]any)) != 9 {
		t.Errorf("excavator: cycle rank %v, %d cuts", c["cycle_rank"], len(c["cuts"].([]any)))
	}
	out, errOut, code = run(t, "assemble", "excavator", "--partition", "joint_space", "--json")
	if code != 0 {
		t.Fatalf("assemble exit %d: %s", code, errOut)
	}
	var a map[string]any
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"closure_gap_m", "residual_inf", "rows", "rank", "mobility", "independent", "q", "iterations"} {
		if _, ok := a[k]; !ok {
			t.Errorf("assemble --json lacks %q", k)
		}
	}
	if a["mobility"].(float64) != 7 || a["rank"].(float64) != 25 || a["closure_gap_m"].(float64) > 1e-12 {
		t.Errorf("excavator: mobility %v rank %v gap %v", a["mobility"], a["rank"], a["closure_gap_m"])
	}
}

// TestAssembleExitStatuses: an unknown partition is invalid input (1); a four-bar whose
// coupler is too short to close is a numerical failure (3) that says how far it got.
func TestAssembleExitStatuses(t *testing.T) {
	if _, errOut, code := run(t, "assemble", "fourbar", "--partition", "nope"); code != 1 || !strings.Contains(errOut, "nope") {
		t.Errorf("unknown partition: exit %d, %q", code, errOut)
	}
	if _, _, code := run(t, "assemble"); code != 2 {
		t.Errorf("missing MODEL: exit %d, want 2", code)
	}
	g, err := robots.Get("fourbar")
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Joints {
		if g.Joints[i].BodyA == g.GroundName() || g.Joints[i].BodyB == g.GroundName() {
			for k := range g.Joints[i].FrameA.Pos {
				g.Joints[i].FrameA.Pos[k] *= 20 // ground pivots 20 times further apart: the loop cannot close
			}
		}
	}
	data, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := run(t, "assemble", path)
	if code != 3 || !strings.Contains(errOut, "eta") {
		t.Errorf("unclosable four-bar: exit %d, %q (want 3 and how far eta got)", code, errOut)
	}
}

// TestAssembleNearRedundantKangaroo assembles the shared Kangaroo files and checks the
// near-redundant report: 8 directions treated as redundant at a clear rank gap, giving
// mobility 18 (floating base, home keyframe) and 12 (fixed base), with the cuts and rows
// named in both the JSON and the human report.
func TestAssembleNearRedundantKangaroo(t *testing.T) {
	for _, c := range []struct {
		file     string
		args     []string
		mobility float64
	}{{testmodels.Kangaroo, []string{"--seed", "home"}, 18}, {testmodels.KangarooFixed, nil, 12}} {
		path := testmodels.Path(t, c.file)
		out, errOut, code := run(t, append([]string{"assemble", path, "--json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.file, code, errOut)
		}
		var a struct {
			Near []struct {
				Cut       string  `json:"cut"`
				Row       *int    `json:"row"`
				Value     float64 `json:"value"`
				Redundant bool    `json:"redundant"`
			} `json:"near_redundant"`
		}
		var raw map[string]any
		if err := json.Unmarshal([]byte(out), &raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatal(err)
		}
		if raw["mobility"].(float64) != c.mobility || raw["rank"].(float64) != 60 || raw["rank_gap"].(float64) < 1e4 {
			t.Errorf("%s: mobility %v rank %v rank_gap %v, want %v, 60 and a clear gap", c.file, raw["mobility"], raw["rank"], raw["rank_gap"], c.mobility)
		}
		if len(a.Near) != 8 {
			t.Fatalf("%s: %d near-redundant directions, want 8", c.file, len(a.Near))
		}
		for _, n := range a.Near {
			if n.Cut == "" || n.Row == nil || n.Value <= 0 || n.Value > 1e-6 || !n.Redundant {
				t.Errorf("%s: near-redundant entry %+v", c.file, n)
			}
		}
		human, _, code := run(t, append([]string{"assemble", path}, c.args...)...)
		if code != 0 || !strings.Contains(human, "8 near-redundant") || !strings.Contains(human, a.Near[0].Cut) || !strings.Contains(human, "redundant: dropped") {
			t.Errorf("%s: the human report does not name the near-redundant cuts and their verdict:\n%s", c.file, human)
		}
	}
	// A built-in without near-redundant directions reports an empty list.
	out, _, _ := run(t, "assemble", "fourbar", "--json")
	if !strings.Contains(out, `"near_redundant": []`) || !strings.Contains(out, `"rank_gap"`) {
		t.Errorf("fourbar: near_redundant should be [] and rank_gap present:\n%s", out)
	}
}

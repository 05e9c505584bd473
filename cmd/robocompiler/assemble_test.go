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

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// TestCheckJSON runs check on the four-bar and on the loop-free Go2 and reads the
// contract keys and the targets back.
func TestCheckJSON(t *testing.T) {
	out, errOut, code := run(t, "check", "fourbar", "--states", "20", "--json")
	if code != 0 {
		t.Fatalf("check exit %d: %s", code, errOut)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	limits := map[string]float64{
		"jacobian_fd_rel_max": 1e-7, "lift_residual_max": 1e-12, "virtual_power_defect_max_W": 1e-12,
		"delta_a_max": 1e-11, "delta_f_max": 1e-11, "constraint_accel_residual_max": 1e-10,
	}
	for k, lim := range limits {
		v, ok := r[k].(float64)
		if !ok || v > lim {
			t.Errorf("%s = %v, want a number <= %g", k, r[k], lim)
		}
	}
	if v, ok := r["curvature_omission_ratio_min"].(float64); !ok || v < 1e6 {
		t.Errorf("curvature_omission_ratio_min = %v, want >= 1e6", r["curvature_omission_ratio_min"])
	}
	if r["states"] != 20.0 || r["passed"] != true {
		t.Errorf("states %v, passed %v", r["states"], r["passed"])
	}
}

// TestCheckLoopFree reports the omission ratio as null when nothing has a drift.
func TestCheckLoopFree(t *testing.T) {
	out, errOut, code := run(t, "check", testmodels.Path(t, testmodels.Go2), "--start", "home", "--states", "3", "--json")
	if code != 0 {
		t.Fatalf("check exit %d: %s", code, errOut)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if v, ok := r["curvature_omission_ratio_min"]; !ok || v != nil || r["curvature_states"] != 0.0 {
		t.Errorf("curvature_omission_ratio_min = %v (present %v), curvature_states %v; want null and 0", v, ok, r["curvature_states"])
	}
}

// TestCheckExitStatuses: unknown model 1, bad flag 2.
func TestCheckExitStatuses(t *testing.T) {
	if _, errOut, code := run(t, "check", "nosuchmodel"); code != 1 || !strings.Contains(errOut, "nosuchmodel") {
		t.Errorf("unknown model: exit %d, %q", code, errOut)
	}
	if _, _, code := run(t, "check", "fourbar", "--states", "many"); code != 2 {
		t.Errorf("bad flag: exit %d, want 2", code)
	}
}

// TestCheckLongChainPasses: a valid 400-body revolute chain does not fail check for its
// size and conditioning alone (the δ_a target scales with n·ε·cond, docs/check.md).
func TestCheckLongChainPasses(t *testing.T) {
	if testing.Short() {
		t.Skip("long chain")
	}
	const n = 400
	var b strings.Builder
	b.WriteString(`{"schema": "robocompiler.cmg/1", "name": "chain400", "gravity": [0, 0, -9.81], "bodies": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id": "b%d", "mass": 1, "com": [0.05, 0, 0], "inertia": [0.001, 0.001, 0.001, 0, 0, 0]}`, i)
	}
	b.WriteString(`], "joints": [`)
	for i := range n {
		parent, x, axis := "world", 0.0, "[0, 0, 1]"
		if i > 0 {
			parent, x = fmt.Sprintf("b%d", i-1), 0.1
		}
		if i%2 == 1 {
			axis = "[0, 1, 0]"
		}
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id": "j%d", "type": "revolute", "body_a": %q, "body_b": "b%d", "frame_a": {"pos": [%g, 0, 0]}, "frame_b": {"pos": [0, 0, 0]}, "axis": %s}`, i, parent, i, x, axis)
	}
	b.WriteString(`]}`)
	path := filepath.Join(t.TempDir(), "chain400.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "check", path, "--states", "2", "--json")
	if code != 0 {
		t.Fatalf("check of a 400-body chain: exit %d %s\n%s", code, errOut, out)
	}
}

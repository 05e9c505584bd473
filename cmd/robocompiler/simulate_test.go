package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestSimulateInspection runs a short Stewart inspection from the command line: one JSON
// object with the contract keys and the task metrics, and the CSV logs, plots and
// metrics.json in --out.
func TestSimulateInspection(t *testing.T) {
	dir := t.TempDir()
	stdout, stderr, code := run(t, "simulate", "stewart", "--task", "inspection", "--out", dir, "--duration", "0.1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, stdout)
	}
	for _, k := range []string{"steps", "wall_s", "simulated_s", "wall_per_sim_s", "closure_gap_max_m", "platform_rms_mm_pd", "platform_rms_mm_pd_ff", "platform_rms_mm_pd_ff_payload14"} {
		if _, ok := out[k]; !ok {
			t.Errorf("missing key %q in %v", k, out)
		}
	}
	if s, _ := out["steps"].(float64); s != 200 {
		t.Errorf("steps = %v, want 4 runs × 50", out["steps"])
	}
	if s, _ := out["simulated_s"].(float64); math.Abs(s-0.4) > 1e-9 {
		t.Errorf("simulated_s = %v, want 4 runs × 0.1 s", out["simulated_s"])
	}
	for _, f := range []string{"pd.csv", "pd_ff.csv", "stewart_inspection.png", "closure_gap.png", "metrics.json"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestSimulateUsage: a missing or unknown task, or a --reconfigure other than on and
// off, is a usage error (exit 2).
func TestSimulateUsage(t *testing.T) {
	for _, args := range [][]string{
		{"simulate", "stewart", "--out", t.TempDir()},
		{"simulate", "stewart", "--task", "nope", "--out", t.TempDir()},
		{"simulate", "stewart", "--task", "inspection", "--out", t.TempDir(), "--reconfigure", "maybe"},
	} {
		if _, stderr, code := run(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr)
		}
	}
}

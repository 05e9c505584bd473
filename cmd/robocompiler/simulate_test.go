package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
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

// TestSimulateStep: --step replaces the task's time step (the inspection task's 2 ms)
// and --integrator its integrator: 0.1 s at 5 ms is 20 steps per run, and the metrics
// report the step used.
func TestSimulateStep(t *testing.T) {
	stdout, stderr, code := run(t, "simulate", "stewart", "--task", "inspection", "--out", t.TempDir(), "--duration", "0.1", "--step", "5e-3", "--integrator", "euler_implicit", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if s, _ := out["steps"].(float64); s != 80 {
		t.Errorf("steps = %v, want 4 runs × 20", out["steps"])
	}
	if s, _ := out["step_s"].(float64); s != 5e-3 {
		t.Errorf("step_s = %v, want 0.005", out["step_s"])
	}
}

// TestSimulateUsage: a missing or unknown task, a --reconfigure other than on and off,
// a --step that is not a positive time within the rollout or an unknown --integrator is
// a usage error (exit 2).
func TestSimulateUsage(t *testing.T) {
	for _, args := range [][]string{
		{"simulate", "stewart", "--out", t.TempDir()},
		{"simulate", "stewart", "--task", "nope", "--out", t.TempDir()},
		{"simulate", "stewart", "--task", "inspection", "--out", t.TempDir(), "--reconfigure", "maybe"},
		{"simulate", "stewart", "--task", "inspection", "--out", t.TempDir(), "--step", "-1e-3"},
		{"simulate", "stewart", "--task", "inspection", "--out", t.TempDir(), "--integrator", "leapfrog"},
		{"simulate", "stewart", "--task", "inspection", "--out", t.TempDir(), "--step", "NaN"},
		{"simulate", "stewart", "--task", "inspection", "--out", t.TempDir(), "--duration", "0.1", "--step", "0.2"},
	} {
		if _, stderr, code := run(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr)
		}
	}
}

// TestSimulateTaskFile runs a task file: the outputs hold each run's log, the figures,
// metrics.json and the task file itself, byte for byte.
func TestSimulateTaskFile(t *testing.T) {
	dir := t.TempDir()
	task := filepath.Join(dir, "circle.yaml")
	src, err := os.ReadFile("../../tasks/fivebar_circle.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(task, src, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	stdout, stderr, code := run(t, "simulate", task, "--out", out, "--duration", "0.2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatal(err)
	}
	if m["task"] != "fivebar_circle" || m["task_file"] != task || m["steps"] != 400.0 {
		t.Errorf("metrics %v", m)
	}
	echo, err := os.ReadFile(filepath.Join(out, "task.yaml"))
	if err != nil || string(echo) != string(src) {
		t.Errorf("task.yaml is not the task file: %v", err)
	}
	for _, f := range []string{"pd.csv", "pd_ff.csv", "tool_error.png", "metrics.json"} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestSimulateBadTaskFile: an invalid task file exits 1 naming the file, line and field
// (also in the JSON error object), and writes nothing.
func TestSimulateBadTaskFile(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ src, want, field string }{
		{"model: fivebar\nduration: 1\nstep: -1\ncontroller: {kind: none}\n", "bad.yaml:3:1: field \"step\": -1 s: expected a positive number", "step"},
		{"model: fivebar\nduration: 1\nstep: 0.01\ncontroller: {kind: none}\nsupports: [{from: 0, sites: [toe]}]\n", `bad.yaml:5:30: field "supports[0].sites[0]": "toe": no such site or body (sites and bodies: tool`, "supports[0].sites[0]"},
		{"model: fivebar\nduration: 1\nstep: 0.01\ncontroller: {kind: none, gain: 1}\n", `bad.yaml:4:26: field "controller.gain": unknown field "gain" (valid: feedforward`, "controller.gain"},
	} {
		task := filepath.Join(dir, "bad.yaml")
		if err := os.WriteFile(task, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		stdout, stderr, code := run(t, "simulate", task, "--out", out, "--json")
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("exit %d, %q; want 1 with %q", code, stderr, c.want)
		}
		var e struct {
			Error struct {
				File, Field string
				Line        int
			}
		}
		if err := json.Unmarshal([]byte(stdout), &e); err != nil || e.Error.File != task || e.Error.Field != c.field || e.Error.Line == 0 {
			t.Errorf("JSON error %s (%v)", stdout, err)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("an invalid task wrote %s", out)
		}
	}
}

// TestSimulateFailsMidway: a rollout that fails midway exits 3 naming the time, and the
// logs so far are in DIR.
func TestSimulateFailsMidway(t *testing.T) {
	dir := t.TempDir()
	task := filepath.Join(dir, "rocker.yaml")
	src := `model: fourbar
partition: [rocker_pivot]
duration: 2
step: 0.001
reconfigure: off
references:
  - name: crank
    coordinates: [crank_pivot]
    relative: true
    values: {waypoints: {times: [0, 2], values: [[0], [6.283185307179586]]}}
controller: {kind: computed_torque, reference: crank, kp: 400, kd: 40}
`
	if err := os.WriteFile(task, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	_, stderr, code := run(t, "simulate", task, "--out", out)
	if code != 3 || !strings.Contains(stderr, "t = ") || !strings.Contains(stderr, "logs so far") {
		t.Errorf("exit %d, %q; want 3 naming the time", code, stderr)
	}
	if st, err := os.Stat(filepath.Join(out, "rocker.csv")); err != nil || st.Size() < 1000 {
		t.Errorf("the log so far is missing: %v", err)
	}
}

// TestSimulateReconfigureOff: the passive four-bar with the rocker angle requested runs
// through its dead centre with the default --reconfigure, writing the switch to
// <run>_events.csv, and stops there with exit 3 naming the singular coordinate under
// --reconfigure off.
func TestSimulateReconfigureOff(t *testing.T) {
	dir := t.TempDir()
	task := filepath.Join(dir, "rocker.yaml")
	src := "model: fourbar\npartition: [rocker_pivot]\nduration: 1\nstep: 0.001\nintegrator: rk4\nrcond_tol: 0.01\ncontroller: {kind: none}\n"
	if err := os.WriteFile(task, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	on := filepath.Join(dir, "on")
	if _, stderr, code := run(t, "simulate", task, "--out", on); code != 0 {
		t.Fatalf("reconfigure on: exit %d: %s", code, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(on, "rocker_events.csv")); err != nil || !strings.Contains(string(b), "rocker_pivot") {
		t.Errorf("events file: %v %q", err, b)
	}
	_, stderr, code := run(t, "simulate", task, "--out", filepath.Join(dir, "off"), "--reconfigure", "off")
	if code != 3 || !strings.Contains(stderr, "rocker_pivot") {
		t.Errorf("reconfigure off: exit %d, %q; want 3 naming rocker_pivot", code, stderr)
	}
}

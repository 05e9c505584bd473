package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckProtocol: without protocol flags the report has no protocol object; --reference
// kkt adds one with the Table V keys; the Simbody reference passes on the four-bar (or,
// in a build without it, exits 1 saying so); a bad reference is a usage error.
func TestCheckProtocol(t *testing.T) {
	out, errOut, code := run(t, "check", "fourbar", "--states", "3", "--json")
	if code != 0 || strings.Contains(out, `"protocol"`) {
		t.Fatalf("plain check: exit %d, protocol present %v: %s", code, strings.Contains(out, `"protocol"`), errOut)
	}
	out, errOut, code = run(t, "check", "fourbar", "--states", "5", "--reference", "kkt", "--json")
	if code != 0 {
		t.Fatalf("--reference kkt: exit %d: %s", code, errOut)
	}
	var r struct {
		Protocol map[string]any `json:"protocol"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"reference", "states", "state_source", "effort_scale", "reference_rows", "delta_a_median",
		"delta_a_max", "delta_f_median", "delta_f_max", "delta_a_target", "cond_mr_max"} {
		if _, ok := r.Protocol[k]; !ok {
			t.Errorf("protocol has no key %q: %v", k, r.Protocol)
		}
	}
	if r.Protocol["states"] != 5.0 || r.Protocol["delta_a_max"].(float64) > 1e-10 {
		t.Errorf("protocol %v", r.Protocol)
	}
	_, errOut, code = run(t, "check", "fourbar", "--states", "5", "--reference", "simbody")
	if code != 0 && !(code == 1 && strings.Contains(errOut, "not in this build")) {
		t.Errorf("--reference simbody: exit %d: %s", code, errOut)
	}
	if _, _, code := run(t, "check", "fourbar", "--reference", "pinocchio"); code != 2 {
		t.Errorf("--reference pinocchio: exit %d, want 2", code)
	}
}

// TestCheckStatesFrom evaluates the protocol at the rows of a log and names a missing
// column.
func TestCheckStatesFrom(t *testing.T) {
	dir := t.TempDir()
	sim := filepath.Join(dir, "sim")
	if _, errOut, code := run(t, "simulate", "stewart", "--task", "inspection", "--out", sim, "--duration", "0.05", "--no-progress"); code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errOut)
	}
	log := filepath.Join(sim, "pd.csv")
	out, errOut, code := run(t, "check", "stewart", "--states", "2", "--states-from", log, "--json")
	if code != 0 {
		t.Fatalf("--states-from: exit %d: %s", code, errOut)
	}
	var r struct {
		Protocol struct {
			States int    `json:"states"`
			Source string `json:"state_source"`
		} `json:"protocol"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Protocol.Source != "log" || r.Protocol.States < 2 {
		t.Errorf("protocol states %d from %q; want the log's rows", r.Protocol.States, r.Protocol.Source)
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("t,q:nothing\n0,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "check", "stewart", "--states-from", bad); code != 1 || !strings.Contains(errOut, `no column "q:leg_0_ball[0]"`) {
		t.Errorf("bad log: exit %d: %s", code, errOut)
	}
}

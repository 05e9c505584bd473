package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/mjcf"
)

// TestExportCommand: export writes MJCF (re-importable, with the keyframe) and URDF
// with its closure sidecar; usage errors exit 2, invalid models 1, and a model the
// format cannot hold 1 with the record named.
func TestExportCommand(t *testing.T) {
	dir := t.TempDir()
	xml := filepath.Join(dir, "excavator.xml")
	stdout, stderr, code := run(t, "export", "excavator", "--format", "mjcf", "-o", xml, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Format   string   `json:"format"`
		Files    []string `json:"files"`
		GapM     float64  `json:"closure_gap_m"`
		Closures int      `json:"closures"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if out.Format != "mjcf" || len(out.Files) != 1 || out.Files[0] != xml || out.Closures != 9 || out.GapM > 1e-12 {
		t.Errorf("unexpected report %+v", out)
	}
	g, _, err := mjcf.ImportFile(xml)
	if err != nil {
		t.Fatal(err)
	}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Bodies) != 25 || len(g.Seeds["assembled"]) == 0 {
		t.Errorf("re-imported export: %d bodies, seeds %v", len(m.Bodies), m.SeedNames())
	}

	urdfPath := filepath.Join(dir, "fourbar.urdf")
	if _, stderr, code := run(t, "export", "fourbar", "--format", "urdf", "-o", urdfPath); code != 0 {
		t.Fatalf("urdf: exit %d: %s", code, stderr)
	}
	side, err := os.ReadFile(filepath.Join(dir, "fourbar.closures.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(side), `name: "crank_coupler"`) {
		t.Errorf("sidecar lacks the closure:\n%s", side)
	}

	helical := filepath.Join(dir, "helical.json")
	if err := os.WriteFile(helical, []byte(`{"schema": "robocompiler.cmg/1", "name": "screw",
		"bodies": [{"id": "nut", "mass": 1, "com": [0, 0, 0], "inertia": [1, 1, 1, 0, 0, 0]}],
		"joints": [{"id": "screw", "type": "helical", "body_a": "world", "body_b": "nut", "axis": [0, 0, 1], "pitch": 0.01,
			"frame_a": {"pos": [0, 0, 0]}, "frame_b": {"pos": [0, 0, 0]}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"export", "fourbar", "-o", filepath.Join(dir, "x")}, 2, "--format"},
		{[]string{"export", "fourbar", "--format", "sdf", "-o", filepath.Join(dir, "x")}, 2, "--format"},
		{[]string{"export", "fourbar", "--format", "mjcf"}, 2, "-o"},
		{[]string{"export", helical, "--format", "mjcf", "-o", filepath.Join(dir, "x")}, 1, `joint "screw" field "type"`},
		{[]string{"export", helical, "--format", "urdf", "-o", filepath.Join(dir, "x")}, 1, `joint "screw" field "type"`},
		{[]string{"export", filepath.Join(dir, "missing.json"), "--format", "mjcf", "-o", filepath.Join(dir, "x")}, 1, "missing.json"},
	} {
		_, stderr, code := run(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", c.args, code, stderr, c.code, c.msg)
		}
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loopModel writes a CMG triangle world → a → b → world whose three joints have type
// kind. The loop closes at the zero seed when consistent; otherwise the last joint's
// frame is 0.5 m away from where the chain can reach with revolute-like joints.
func loopModel(t *testing.T, dir, kind string, consistent bool) string {
	t.Helper()
	joint := func(id, a, b string, pos []float64) map[string]any {
		j := map[string]any{"id": id, "type": kind, "body_a": a, "body_b": b,
			"frame_a": map[string]any{"pos": pos}, "frame_b": map[string]any{"pos": []float64{0, 0, 0}}}
		switch kind {
		case "revolute", "prismatic", "planar":
			j["axis"] = []float64{0, 0, 1}
		case "helical":
			j["axis"], j["pitch"] = []float64{0, 0, 1}, 0.01
		case "universal":
			j["axis"], j["axis2"] = []float64{0, 0, 1}, []float64{0, 1, 0}
		}
		return j
	}
	far := 1.0
	if !consistent {
		far = 1.5
	}
	body := func(id string) map[string]any {
		return map[string]any{"id": id, "mass": 1, "com": []float64{0.5, 0, 0}, "inertia": []float64{0.01, 0.01, 0.01, 0, 0, 0}}
	}
	g := map[string]any{"schema": "robocompiler.cmg/1", "name": kind + " loop", "gravity": []float64{0, 0, -9.81},
		"bodies": []any{body("a"), body("b")},
		"joints": []any{joint("wa", "world", "a", []float64{0, 0, 0}), joint("ab", "a", "b", []float64{1, 0, 0}),
			joint("wb", "world", "b", []float64{far, 0, 0})}}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	name := kind + map[bool]string{true: "_ok", false: "_bad"}[consistent] + ".json"
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLoopOfEveryJointType: a loop of three joints of each type, consistent or not,
// never crashes any command: a consistent loop of fixed or revolute joints assembles
// (exit 0), an inconsistent one is a numerical failure (exit 3) naming the file; the
// other types close either way or fail with exit 3, never 2 or an internal error (export
// may refuse, exit 1, a joint or closure MuJoCo cannot express).
func TestLoopOfEveryJointType(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state.json")
	if err := os.WriteFile(state, []byte(`{}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"fixed", "revolute", "prismatic", "helical", "universal", "spherical", "planar", "free"} {
		for _, consistent := range []bool{true, false} {
			model := loopModel(t, dir, kind, consistent)
			for _, args := range [][]string{
				{"validate", model}, {"compile", model}, {"assemble", model}, {"check", model, "--states", "3"},
				{"eval", model, "--state", state}, {"export", model, "--format", "mjcf", "-o", filepath.Join(dir, "x.xml")},
			} {
				_, errOut, code := run(t, args...)
				if strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine") || (code != 0 && code != 3 && !(code == 1 && args[0] == "export")) {
					t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
				}
				if code == 3 && !strings.Contains(errOut, filepath.Base(model)) {
					t.Errorf("%v: exit 3 without naming the file: %q", args, errOut)
				}
				strict := kind == "fixed" || kind == "revolute"
				if strict && args[0] == "assemble" && (consistent != (code == 0)) {
					t.Errorf("%v: exit %d; want %v", args, code, map[bool]int{true: 0, false: 3}[consistent])
				}
			}
		}
	}
}

package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// decodeOne decodes stdout as exactly one JSON object.
func decodeOne(t *testing.T, stdout string) map[string]any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(stdout))
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("stdout is not a JSON object: %v\n%s", err, stdout)
	}
	if _, err := dec.Token(); err != io.EOF {
		t.Fatalf("stdout holds more than one JSON value:\n%s", stdout)
	}
	return m
}

// TestValidateCommand runs the built binary on valid, invalid and unreadable models and
// checks exit statuses, the JSON contract and the readable report.
func TestValidateCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fourbar := filepath.Join("..", "..", "cmg", "testdata", "fourbar.json")
	invalid := write("invalid.json", `{"schema": "robocompiler.cmg/1",
  "bodies": [{"id": "b", "mass": -1}],
  "joints": [{"id": "j", "type": "revolute", "body_a": "world", "body_b": "b", "axis": [0, 0, 0.5]}]}`)
	malformed := write("malformed.json", "{\n  \"schema\": \"robocompiler.cmg/1\",\n}")

	t.Run("valid", func(t *testing.T) {
		out, errOut, code := run(t, "validate", fourbar)
		if code != 0 || !strings.Contains(out, "valid") || !strings.Contains(out, "3 bodies, 4 joints") {
			t.Fatalf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
		}
		out, _, code = run(t, "validate", "--json", fourbar)
		m := decodeOne(t, out)
		if code != 0 || m["ok"] != true || m["model"] != fourbar {
			t.Fatalf("exit %d: %v", code, m)
		}
		if errs, ok := m["errors"].([]any); !ok || len(errs) != 0 {
			t.Errorf("errors = %v, want []", m["errors"])
		}
	})
	t.Run("built-in", func(t *testing.T) {
		out, errOut, code := run(t, "validate", "--json", "fourbar")
		if code != 0 || decodeOne(t, out)["ok"] != true {
			t.Fatalf("exit %d: %s %s", code, out, errOut)
		}
	})
	t.Run("invalid", func(t *testing.T) {
		out, errOut, code := run(t, "validate", "--json", invalid)
		if code != 1 {
			t.Fatalf("exit %d, want 1: %s", code, errOut)
		}
		m := decodeOne(t, out)
		errs, _ := m["errors"].([]any)
		if m["ok"] != false || len(errs) != 2 {
			t.Fatalf("got %v", m)
		}
		for _, e := range errs {
			var keys []string
			for k := range e.(map[string]any) {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			if !slices.Equal(keys, []string{"column", "field", "line", "message", "record"}) {
				t.Errorf("error keys %v", keys)
			}
		}
		axis := errs[1].(map[string]any)
		if axis["record"] != `joint "j"` || axis["field"] != "axis" || axis["line"] != 3.0 ||
			!strings.Contains(axis["message"].(string), "unit vector") {
			t.Errorf("axis problem: %v", axis)
		}
		_, errOut, code = run(t, "validate", invalid)
		if code != 1 || !strings.Contains(errOut, invalid+":2:26: body \"b\" field \"mass\"") ||
			!strings.Contains(errOut, `joint "j" field "axis"`) || !strings.Contains(errOut, "2 problems") {
			t.Errorf("readable report: exit %d\n%s", code, errOut)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		out, errOut, code := run(t, "validate", "--json", malformed)
		m := decodeOne(t, out)
		e := m["errors"].([]any)[0].(map[string]any)
		if code != 1 || m["ok"] != false || e["line"] != 3.0 || e["column"] != 1.0 || !strings.Contains(e["message"].(string), "malformed JSON") {
			t.Errorf("exit %d: %v %s", code, m, errOut)
		}
		if !strings.Contains(errOut, malformed+":3:1: malformed JSON") {
			t.Errorf("stderr %q", errOut)
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		missing := filepath.Join(dir, "missing.json")
		out, errOut, code := run(t, "validate", "--json", missing)
		m := decodeOne(t, out)
		if code != 1 || m["ok"] != false || !strings.Contains(errOut, "missing.json") {
			t.Errorf("missing file: exit %d: %v %s", code, m, errOut)
		}
	})
	t.Run("urdf", func(t *testing.T) {
		arm := filepath.Join("..", "..", "urdf", "testdata", "dual_arm.urdf")
		out, errOut, code := run(t, "validate", arm)
		if code != 0 || !strings.Contains(out, `"dual_arm": 15 bodies, 15 joints, 0 loop cuts, 2 couplings`) ||
			!strings.Contains(errOut, "warning: "+arm+":201: <transmission>") {
			t.Fatalf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
		}
		out, _, code = run(t, "validate", "--json", arm)
		if m := decodeOne(t, out); code != 0 || m["ok"] != true || len(m["errors"].([]any)) != 0 {
			t.Errorf("exit %d: %v", code, m)
		}
	})
	t.Run("urdf invalid", func(t *testing.T) {
		bad := write("bad.urdf", "<robot name=\"r\">\n  <link name=\"a\"/>\n  <link name=\"b\"/>\n"+
			"  <joint name=\"j\" type=\"revolute\">\n    <parent link=\"a\"/><child link=\"b\"/>\n"+
			"    <limit lower=\"1\" upper=\"-1\"/>\n  </joint>\n</robot>\n")
		out, errOut, code := run(t, "validate", "--json", bad)
		if code != 1 {
			t.Fatalf("exit %d, want 1: %s", code, errOut)
		}
		m := decodeOne(t, out)
		errs, _ := m["errors"].([]any)
		if m["ok"] != false || len(errs) != 1 {
			t.Fatalf("got %v", m)
		}
		e := errs[0].(map[string]any)
		if e["record"] != `joint "j"` || e["field"] != "lower" || e["line"] != 6.0 || !strings.Contains(e["message"].(string), "exceeds upper limit") {
			t.Errorf("URDF problem %v", e)
		}
		if !strings.Contains(errOut, bad+`:6: joint "j": <limit> attribute "lower": lower limit 1 exceeds upper limit -1`) {
			t.Errorf("stderr %q", errOut)
		}
		notRobot := write("mjcf.urdf", "<mujoco/>")
		out, _, code = run(t, "validate", "--json", notRobot)
		e = decodeOne(t, out)["errors"].([]any)[0].(map[string]any)
		if code != 1 || e["record"] != "mujoco" || e["field"] != "" || !strings.Contains(e["message"].(string), "must be <robot>") {
			t.Errorf("an element-level URDF error: exit %d, %v", code, e)
		}
	})
	t.Run("usage", func(t *testing.T) {
		for _, args := range [][]string{{"validate"}, {"validate", fourbar, invalid}, {"validate", "--no-such-flag", fourbar}} {
			if _, errOut, code := run(t, args...); code != 2 {
				t.Errorf("%v: exit %d, want 2 (%s)", args, code, errOut)
			}
		}
	})
}

package taskfile

import (
	"errors"
	"strings"
	"testing"
)

// valid is a small valid task file; the corpus below breaks it one way at a time.
const valid = `# a comment
model: fivebar
partition: cranks
duration: 1
step: 0.001
references:
  - name: tool
    site: tool
    relative: true
    position:
      waypoints:
        times: [0, 1]
        values: [[0, 0, 0], [0.01, 0, 0]]
controller:
  kind: task_pd
  targets: [tool]
  task_gain: 20
  speed_gain: 60
runs:
  - {name: a}
  - {name: b, feedforward: false}
metrics:
  - {name: rms_mm, rms: "err:tool", scale: 1000}
`

// TestParseValid: the valid file parses with its defaults applied.
func TestParseValid(t *testing.T) {
	f, err := Parse("t.yaml", []byte(valid))
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "t" || f.Integrator != "rk4" || f.LogEvery != 1 || f.Reconfigure != "on" || !*f.Controller.Feedforward ||
		f.References[0].ErrorColumn != "err:tool" || f.References[0].Position.Waypoints.Interpolation != "minimum_jerk" ||
		f.Runs[1].Backend != "reduced" || f.Partition.Name != "cranks" {
		t.Errorf("defaults not applied: %+v", f.Spec)
	}
	if f.Line("references[0].position.waypoints.times") != 12 || f.Line("runs[1].feedforward") != 21 {
		t.Errorf("lines: %d, %d", f.Line("references[0].position.waypoints.times"), f.Line("runs[1].feedforward"))
	}
}

// TestBadTaskCorpus: every broken file is an *Error naming the file, the line and the
// field, with what was expected; none panics.
func TestBadTaskCorpus(t *testing.T) {
	for _, c := range []struct {
		name, from, to string
		line           int
		field, msg     string
	}{
		{"unknown field", "duration: 1", "duraton: 1", 4, "duraton", `unknown field "duraton"`},
		{"unknown nested field", "task_gain: 20", "task_gian: 20", 17, "controller.task_gian", `unknown field "task_gian"`},
		{"missing model", "model: fivebar\n", "", 0, "model", "missing"},
		{"missing duration", "duration: 1\n", "", 0, "duration", "positive"},
		{"wrong type", "duration: 1", "duration: one", 4, "duration", "wrong type"},
		{"wrong type in list", "times: [0, 1]", "times: [0, x]", 12, "references[0].position.waypoints.times[1]", "wrong type"},
		{"mapping for a list", "runs:\n  - {name: a}\n  - {name: b, feedforward: false}", "runs: {a: 1}", 19, "runs", "wrong type: a mapping where a list is expected"},
		{"text for a boolean", "feedforward: false}", "feedforward: maybe}", 21, "runs[1].feedforward", "the text maybe where true or false is expected"},
		{"short vector", "controller:", "disturbances: [{body: left_distal, force: [1, 2], end: 1}]\ncontroller:", 14, "disturbances[0].force", "expected 3 (x, y, z)"},
		{"negative step", "step: 0.001", "step: -0.001", 5, "step", "positive"},
		{"zero step", "step: 0.001", "step: 0", 5, "step", "positive"},
		{"NaN gain", "task_gain: 20", "task_gain: .nan", 17, "controller.task_gain", "finite"},
		{"NaN duration", "duration: 1", "duration: .nan", 4, "duration", "finite"},
		{"non-increasing times", "times: [0, 1]", "times: [1, 1]", 12, "references[0].position.waypoints.times[1]", "must increase"},
		{"values per waypoint", "[0.01, 0, 0]]", "[0.01, 0]]", 13, "references[0].position.waypoints.values[1]", "expected 3"},
		{"unknown interpolation", "times: [0, 1]", "interpolation: spline\n        times: [0, 1]", 12, "references[0].position.waypoints.interpolation", "linear, cubic, minimum_jerk"},
		{"unknown controller", "kind: task_pd", "kind: mpc", 15, "controller.kind", "port_pd"},
		{"unknown target", "targets: [tool]", "targets: [tol]", 16, "controller.targets[0]", `"tol": expected the name of a site reference (have tool)`},
		{"two signals", "      waypoints:", "      sine: [{amplitude: 1}, {amplitude: 1}, {amplitude: 1}]\n      waypoints:", 10, "references[0].position", "exactly one"},
		{"duplicate run", "{name: b,", "{name: a,", 21, "runs[1].name", "two runs"},
		{"unknown integrator", "step: 0.001", "step: 0.001\nintegrator: verlet", 6, "integrator", "rk4, euler"},
		{"reconfigure", "step: 0.001", "step: 0.001\nreconfigure: maybe", 6, "reconfigure", "on, off"},
		{"metric kind", `rms: "err:tool", `, "", 23, "metrics[0]", "exactly one of"},
		{"metric run", "scale: 1000}", "scale: 1000, runs: [c]}", 23, "metrics[0].runs[0]", `"c": expected a run name (have a, b)`},
		{"bad YAML", "runs:\n", "runs: [\n", 0, "", ""},
	} {
		src := strings.Replace(valid, c.from, c.to, 1)
		if src == valid {
			t.Fatalf("%s: the mutation %q did not apply", c.name, c.from)
		}
		_, err := Parse("bad.yaml", []byte(src))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v, want an *Error", c.name, err)
			continue
		}
		if e.File != "bad.yaml" || (c.line > 0 && e.Line != c.line) || e.Field != c.field || !strings.Contains(e.Message, c.msg) {
			t.Errorf("%s: %v (line %d, field %q); want line %d, field %q, %q", c.name, err, e.Line, e.Field, c.line, c.field, c.msg)
		}
		if !strings.HasPrefix(err.Error(), "bad.yaml") {
			t.Errorf("%s: %q does not start with the file", c.name, err)
		}
	}
}

// FuzzParse: no input panics Parse.
func FuzzParse(f *testing.F) {
	f.Add([]byte(valid))
	f.Add([]byte("model: [\n"))
	f.Add([]byte("runs: {a: 1}"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = Parse("fuzz.yaml", b)
	})
}

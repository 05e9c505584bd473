package main

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// TestKangarooModules: compile shows Kangaroo's module table — six loop modules (three
// per leg) holding its 72 joint coordinates, 60 of them chart coordinates under the
// automatic partition — and bench times a one-module update against the full update.
func TestKangarooModules(t *testing.T) {
	t.Setenv(robots.ModelsEnv, testmodels.Dir(t))
	stdout, stderr, code := run(t, "compile", "kangaroo", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var c compileJSON
	if err := json.Unmarshal([]byte(stdout), &c); err != nil {
		t.Fatal(err)
	}
	joints, charts, rows := 0, 0, 0
	for _, m := range c.Modules {
		joints += m.JointCoordinates
		charts += m.Size
		rows += m.Rows
		if m.JointCoordinates != m.Size+len(m.Inputs) {
			t.Errorf("module %v: %d joint coordinates, %d chart, %d inputs", m.Cuts, m.JointCoordinates, m.Size, len(m.Inputs))
		}
	}
	if c.ModulesAt != "automatic" || len(c.Modules) != 6 || joints != 72 || charts != 60 || rows != c.ResidualRows {
		t.Errorf("modules under %q: %d modules, %d joint and %d chart coordinates, %d of %d rows", c.ModulesAt, len(c.Modules), joints, charts, rows, c.ResidualRows)
	}
	r, err := benchModel(root, "kangaroo", "", benchOptions{Time: time.Millisecond, Count: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"module_update_one", "module_update_all"} {
		if o := r.Operations[k]; o == nil || o.NS <= 0 {
			t.Errorf("%s not timed: %+v", k, o)
		}
	}
}

package main

import (
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/robots"
)

// TestExamplesCommand checks that examples lists every built-in model and then every
// named shared model, readable and as JSON, and that each listed name validates.
func TestExamplesCommand(t *testing.T) {
	out, errOut, code := run(t, "examples")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	names := append(robots.Names(), robots.SharedNames()...)
	for _, name := range names {
		if !strings.Contains(out, name+" ") || !strings.Contains(out, robots.Describe(name)) {
			t.Errorf("readable list lacks %q:\n%s", name, out)
		}
	}
	out, _, code = run(t, "examples", "--json")
	list, ok := decodeOne(t, out)["examples"].([]any)
	if code != 0 || !ok || len(list) != len(names) {
		t.Fatalf("exit %d: %s", code, out)
	}
	for i, e := range list {
		m := e.(map[string]any)
		if m["name"] != names[i] || m["description"] == "" || m["shared"] != (i >= len(robots.Names())) {
			t.Errorf("entry %d: %v", i, m)
		}
		if _, errOut, code := run(t, "validate", m["name"].(string)); code != 0 {
			t.Errorf("validate %s: exit %d: %s", m["name"], code, errOut)
		}
	}
	if _, _, code := run(t, "examples", "extra"); code != 2 {
		t.Errorf("examples with an argument: exit %d, want 2", code)
	}
}

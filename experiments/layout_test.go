package experiments

import (
	"os/exec"
	"strings"
	"testing"
)

// module is this repository's module path.
const module = "github.com/robocompiler/robocompiler"

// TestLibraryLayout: the library is the pipeline alone. No library package (every package
// of the module but cmd/... and experiments/..., the applications) depends, directly or
// through others, on experiments/... or on gonum.org/v1/plot, with or without the mujoco
// build tag.
func TestLibraryLayout(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the module's packages: %v", err)
	}
	for _, tags := range []string{"", "mujoco"} {
		// One line per package: its import path, then every package it depends on.
		cmd := exec.Command(goTool, "list", "-deps", "-tags", tags, "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", module+"/...")
		cmd.Dir = ".."
		out, err := cmd.Output()
		if err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				t.Fatalf("go list (tags %q): %v\n%s", tags, err, ee.Stderr)
			}
			t.Fatalf("go list (tags %q): %v", tags, err)
		}
		libraries := 0
		for line := range strings.Lines(string(out)) {
			f := strings.Fields(line)
			if len(f) == 0 || !isLibrary(f[0]) {
				continue
			}
			libraries++
			for _, d := range f[1:] {
				if d == module+"/experiments" || strings.HasPrefix(d, module+"/experiments/") ||
					d == "gonum.org/v1/plot" || strings.HasPrefix(d, "gonum.org/v1/plot/") {
					t.Errorf("tags %q: library package %s depends on %s", tags, f[0], d)
					break
				}
			}
		}
		if libraries < 10 {
			t.Errorf("tags %q: only %d library packages listed", tags, libraries)
		}
	}
}

// isLibrary reports whether the import path is a package of this module's library: not
// an application under cmd/ or experiments/.
func isLibrary(path string) bool {
	rel, ok := strings.CutPrefix(path, module)
	if !ok || (rel != "" && rel[0] != '/') {
		return false
	}
	for _, app := range []string{"/cmd", "/experiments"} {
		if rel == app || strings.HasPrefix(rel, app+"/") {
			return false
		}
	}
	return true
}

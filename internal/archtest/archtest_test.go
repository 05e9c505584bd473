package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/robocompiler/robocompiler"

// runtime are the packages that evaluate a compiled model: they take everything from
// compile.Model's compiled fields and never reach the source records.
var runtime = []string{"closure", "kin", "dyn", "sim", "sim/native", "check", "control", "spatial", "joint"}

// gateways are the packages through which a runtime package may still depend on package
// cmg without reading records: compile (which compiles them and keeps them for the
// exporters), the exporters mjcf and urdf (sim/native hands MuJoCo an exported model),
// and the front door at the module root (""), whose Load reads them (sim and check sit
// above it).
var gateways = []string{"compile", "mjcf", "urdf", ""}

// below are the packages under the front door: none of them may depend on it.
var below = []string{"spatial", "joint", "cmg", "compile", "closure", "kin", "dyn", "control", "mjcf", "urdf", "robots", "internal/kktref"}

// path returns the import path of a package named relative to the module ("" is the root).
func path(rel string) string {
	if rel == "" {
		return module
	}
	return module + "/" + rel
}

// pkg is the part of `go list -json` the tests read.
type pkg struct {
	ImportPath, Dir   string
	Standard          bool
	Imports           []string
	GoFiles, CgoFiles []string
	Error             *struct{ Err string }
	DepsErrors        []*struct{ Err string }
}

// list returns the module's packages and their dependencies, by import path, as built
// with the mujoco tag (the widest build).
func list(t *testing.T) map[string]*pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-tags", "mujoco", "-deps", "-e", "-json", module+"/...").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]*pkg{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(pkg)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = p
	}
	return pkgs
}

// TestRuntimeDoesNotReachRecords: no runtime package imports cmg, directly or through
// any package other than the gateways.
func TestRuntimeDoesNotReachRecords(t *testing.T) {
	pkgs := list(t)
	stop := map[string]bool{}
	for _, g := range gateways {
		stop[path(g)] = true
	}
	cmg := module + "/cmg"
	for _, r := range runtime {
		root := module + "/" + r
		if pkgs[root] == nil {
			t.Fatalf("runtime package %s not listed", root)
		}
		// Breadth-first over imports, not expanding the gateways; via[p] is the importer
		// through which p was reached.
		via := map[string]string{root: ""}
		queue := []string{root}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if p == cmg {
				path := []string{p}
				for q := via[p]; q != ""; q = via[q] {
					path = append([]string{q}, path...)
				}
				t.Errorf("%s reaches the source records: %s", r, strings.Join(path, " → "))
				break
			}
			if stop[p] || pkgs[p] == nil {
				continue
			}
			for _, imp := range pkgs[p].Imports {
				if _, seen := via[imp]; !seen {
					via[imp] = p
					queue = append(queue, imp)
				}
			}
		}
	}
}

// TestLibraryDoesNotImportCommands: no package outside cmd/ imports a cmd/ package, and
// go list reports no import cycle (or other package error).
func TestLibraryDoesNotImportCommands(t *testing.T) {
	for path, p := range list(t) {
		if p.Error != nil {
			t.Errorf("%s: %s", path, p.Error.Err)
		}
		for _, e := range p.DepsErrors {
			t.Errorf("%s: %s", path, e.Err)
		}
		if !strings.HasPrefix(path, module+"/") || strings.HasPrefix(path, module+"/cmd/") {
			continue
		}
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module+"/cmd/") {
				t.Errorf("library package %s imports the command %s", path, imp)
			}
		}
	}
}

// TestRuntimeDoesNotReadGraph: no non-test file of a runtime package selects a field or
// method named Graph (compile.Model.Graph holds the source records, kept for exporters).
// The check is syntactic, so it also forbids any other selector of that name there.
func TestRuntimeDoesNotReadGraph(t *testing.T) {
	pkgs := list(t)
	fset := token.NewFileSet()
	for _, r := range runtime {
		p := pkgs[module+"/"+r]
		for _, name := range append(append([]string(nil), p.GoFiles...), p.CgoFiles...) {
			file := filepath.Join(p.Dir, name)
			f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if s, ok := n.(*ast.SelectorExpr); ok && s.Sel.Name == "Graph" {
					t.Errorf("%s: %s reads .Graph; use the compiled fields of compile.Model", r, fset.Position(s.Sel.Pos()))
				}
				return true
			})
		}
	}
}

// TestLayers: no package below the front door depends on it, and the front door depends
// on none of the packages above it (sim, check, experiments, cmd).
func TestLayers(t *testing.T) {
	pkgs := list(t)
	reaches := func(from, to string) bool {
		seen := map[string]bool{from: true}
		queue := []string{from}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if p == to {
				return true
			}
			if pkgs[p] == nil {
				continue
			}
			for _, imp := range pkgs[p].Imports {
				if !seen[imp] {
					seen[imp] = true
					queue = append(queue, imp)
				}
			}
		}
		return false
	}
	for _, b := range below {
		if pkgs[path(b)] == nil {
			t.Fatalf("package %s not listed", path(b))
		}
		if reaches(path(b), module) {
			t.Errorf("%s is below the front door but depends on it", path(b))
		}
	}
	for _, a := range []string{"sim", "check", "experiments/tasks", "cmd/robocompiler"} {
		if reaches(module, path(a)) {
			t.Errorf("the front door depends on %s, which is above it", path(a))
		}
	}
}

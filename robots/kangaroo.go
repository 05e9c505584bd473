package robots

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/mjcf"
)

// ModelsEnv names the environment variable that locates the shared model directory
// (the one holding kangaroo/kangaroo.xml); unset, ModelsDir looks for shared/models in
// the working directory and its ancestors (../shared/models beside a checkout).
const ModelsEnv = "ROBOCOMPILER_MODELS"

// shared are the models read from the shared model directory: an MJCF file imported
// with options, under a name users can give wherever a MODEL is taken.
var shared = map[string]struct {
	file     string
	opts     mjcf.ImportOptions
	describe string
}{
	"kangaroo": {"kangaroo/kangaroo_fixed_base.xml", mjcf.ImportOptions{MergeConnectPairs: true, SnapPlanarLoops: true},
		"Kangaroo biped, fixed pelvis, with its connect pairs merged into universal cuts: 20 point + 4 universal cuts, 72 velocities, mobility 12 (needs the shared models)"},
	"kangaroo_floating": {"kangaroo/kangaroo.xml", mjcf.ImportOptions{MergeConnectPairs: true, SnapPlanarLoops: true},
		"Kangaroo biped on a free base, connect pairs merged into universal cuts: 20 point + 4 universal cuts, 78 velocities, mobility 18 (needs the shared models)"},
}

// ModelsDir returns the shared model directory: $ROBOCOMPILER_MODELS when set, else the
// first shared/models found in the working directory or one of its ancestors. The error
// says where it looked and how to set the variable.
func ModelsDir() (string, error) {
	probe := filepath.Join("kangaroo", "kangaroo.xml")
	if dir := os.Getenv(ModelsEnv); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
			return "", fmt.Errorf("%s=%s does not hold the shared models (no %s): %v", ModelsEnv, dir, probe, err)
		}
		return dir, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("cannot locate the shared models: %v (set %s)", err, ModelsEnv)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		cand := filepath.Join(dir, "shared", "models")
		if _, err := os.Stat(filepath.Join(cand, probe)); err == nil {
			return cand, nil
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	return "", fmt.Errorf("the shared models (%s) were not found in shared/models of %s or its parents: set %s to their directory", probe, wd, ModelsEnv)
}

// getShared imports the shared model name; ok is false when name is not one.
func getShared(name string) (g *cmg.Graph, ok bool, err error) {
	s, ok := shared[name]
	if !ok {
		return nil, false, nil
	}
	dir, err := ModelsDir()
	if err != nil {
		return nil, true, fmt.Errorf("model %q: %w", name, err)
	}
	g, _, err = mjcf.ImportFileWith(filepath.Join(dir, s.file), s.opts)
	return g, true, err
}

// SharedNames returns the names of the models read from the shared model directory
// (ModelsDir), sorted. They are not among Names: they need files outside the module.
func SharedNames() []string {
	names := make([]string, 0, len(shared))
	for n := range shared {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

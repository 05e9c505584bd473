package tasks

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/robocompiler/robocompiler/experiments/taskfile"
	shipped "github.com/robocompiler/robocompiler/tasks"
)

// Names returns the shipped task names (the task files embedded from tasks/), sorted.
func Names() []string {
	files, _ := fs.Glob(shipped.FS, "*.yaml")
	var out []string
	for _, f := range files {
		out = append(out, strings.TrimSuffix(f, ".yaml"))
	}
	slices.Sort(out)
	return out
}

// Get returns the shipped task file name (its path reads tasks/NAME.yaml), or an error
// listing the valid names.
func Get(name string) (*taskfile.File, error) {
	if !slices.Contains(Names(), name) {
		return nil, fmt.Errorf("unknown task %q (valid: %s)", name, strings.Join(Names(), ", "))
	}
	src, err := shipped.FS.ReadFile(name + ".yaml")
	if err != nil {
		return nil, err
	}
	return taskfile.Parse(path.Join("tasks", name+".yaml"), src)
}

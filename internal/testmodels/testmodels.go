// Package testmodels locates the shared external models (Menagerie Panda and Go2, the
// Kangaroo legs, the excavator figures) that live beside the checkout in ../shared/models,
// for tests. Tests skip with a clear message when the directory is absent.
package testmodels

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir returns the shared models directory, skipping the test when it is absent.
func Dir(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("testmodels: cannot locate the source file")
	}
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "models")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared models not found at %s (they live beside the checkout, in ../shared): %v", dir, err)
	}
	return dir
}

// Path returns the path of a shared model file (rel is relative to the models directory,
// e.g. "kangaroo/kangaroo.xml"), skipping the test when the directory is absent.
func Path(t testing.TB, rel string) string {
	t.Helper()
	return filepath.Join(Dir(t), rel)
}

// Panda, Go2, Kangaroo and KangarooFixed are the shared MJCF files, relative to Dir.
const (
	Panda         = "menagerie/franka_emika_panda/panda.xml"
	Go2           = "menagerie/unitree_go2/go2.xml"
	Kangaroo      = "kangaroo/kangaroo.xml"
	KangarooFixed = "kangaroo/kangaroo_fixed_base.xml"
)

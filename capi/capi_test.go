package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// cc returns the system C compiler, or skips the test when there is none.
func cc(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("CC"), "cc", "gcc"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no C compiler (cc or gcc) on PATH: the C example and the C boundary test need one (scripts/test.sh installs gcc)")
	return ""
}

// buildShared builds the shared library into a temporary directory and returns it.
func buildShared(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-buildmode=c-shared", "-o", filepath.Join(dir, "librobocompiler.so"), ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=c-shared: %v\n%s", err, out)
	}
	return dir
}

// compileC compiles C sources against robocompiler.h and the library in dir.
func compileC(t *testing.T, compiler, dir, out string, src ...string) string {
	t.Helper()
	exe := filepath.Join(dir, out)
	args := append([]string{"-std=c11", "-Wall", "-Wextra", "-Werror", "-D_POSIX_C_SOURCE=200809L", "-I", "."}, src...)
	args = append(args, "-L", dir, "-lrobocompiler", "-lpthread", "-lm", "-Wl,-rpath,"+dir, "-o", exe)
	if b, err := exec.Command(compiler, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", compiler, args, err, b)
	}
	return exe
}

// run runs exe from the repository root (so that relative model paths resolve).
func run(t *testing.T, exe string) string {
	t.Helper()
	cmd := exec.Command(exe)
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", exe, err, out)
	}
	return string(out)
}

// The C example loads the Stewart platform, assembles it and prints u̇ under gravity; the
// C boundary test calls every function with bad arguments and runs two threads.
func TestCLibrary(t *testing.T) {
	compiler := cc(t)
	dir := buildShared(t)
	out := run(t, compileC(t, compiler, dir, "stewart", "../examples/c/stewart.c"))
	if !strings.Contains(out, "mobility 6") || strings.Count(out, "udot[leg_") != 6 {
		t.Fatalf("stewart example printed:\n%s", out)
	}
	t.Logf("examples/c/stewart.c:\n%s", out)
	out = run(t, compileC(t, compiler, dir, "capi_test", "testdata/capi_test.c"))
	if !strings.Contains(out, "checks passed") {
		t.Fatalf("capi_test printed:\n%s", out)
	}
	t.Log(strings.TrimSpace(out))
}

// The static archive links into the same example.
func TestCArchive(t *testing.T) {
	compiler := cc(t)
	if testing.Short() {
		t.Skip("short: skipping the c-archive build")
	}
	dir := t.TempDir()
	lib := filepath.Join(dir, "librobocompiler.a")
	if b, err := exec.Command("go", "build", "-buildmode=c-archive", "-o", lib, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=c-archive: %v\n%s", err, b)
	}
	exe := filepath.Join(dir, "stewart")
	args := []string{"-I", ".", "../examples/c/stewart.c", lib, "-lpthread", "-lm", "-o", exe}
	if b, err := exec.Command(compiler, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", compiler, args, err, b)
	}
	if out := run(t, exe); !strings.Contains(out, "mobility 6") {
		t.Fatalf("statically linked example printed:\n%s", out)
	}
}

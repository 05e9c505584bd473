package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFilesBothOrNeither: when the second file of a pair cannot be renamed into
// place, the first keeps its previous content and no temporary file is left.
func TestWriteFilesBothOrNeither(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.urdf"), filepath.Join(dir, "a.closures.yaml")
	if err := os.WriteFile(a, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(b, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFiles([]string{a, b}, [][]byte{[]byte("new a"), []byte("new b")}); err == nil {
		t.Fatal("no error")
	}
	if got, _ := os.ReadFile(a); string(got) != "old" {
		t.Errorf("a = %q", got)
	}
	if err := os.Remove(b); err != nil {
		t.Fatal(err)
	}
	if err := WriteFiles([]string{a, b}, [][]byte{[]byte("new a"), []byte("new b")}); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{a: "new a", b: "new b"} {
		if got, _ := os.ReadFile(p); string(got) != want {
			t.Errorf("%s = %q", p, got)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("left behind: %v", entries)
	}
}

// TestNonFinite names the first non-finite number by its JSON path.
func TestNonFinite(t *testing.T) {
	type r struct {
		A map[string]float64 `json:"a"`
		M [][]float64        `json:"M"`
	}
	inf := 1.0
	for range 2000 {
		inf *= 10
	}
	if p, _ := NonFinite(r{A: map[string]float64{"x": 1, "y": inf}}); p != "a.y" {
		t.Errorf("path %q", p)
	}
	if p, _ := NonFinite(r{M: [][]float64{{1}, {2, inf - inf}}}); p != "M[1][1]" {
		t.Errorf("path %q", p)
	}
	if p, _ := NonFinite(r{}); p != "" {
		t.Errorf("path %q", p)
	}
}

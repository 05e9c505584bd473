package mjcf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzImport checks that no input makes the importer panic, and that an imported graph
// can be validated and marshalled.
func FuzzImport(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "seeds", "*.xml"))
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seed corpus in testdata/seeds: %v", err)
	}
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, doc := range []string{chainDoc, equalityDoc, actuatorDoc, defaultsDoc, orientationDoc} {
		f.Add([]byte(doc))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		// Includes may name any path; keep the fuzzer away from device and proc files.
		s := string(data)
		if strings.Contains(s, "/dev") || strings.Contains(s, "/proc") || strings.Contains(s, "/sys") {
			return
		}
		g, _, err := Import(data, dir, "fuzz.xml")
		if err != nil {
			if g != nil {
				t.Fatal("graph returned with an error")
			}
			return
		}
		_ = g.Validate()
		if _, err := g.Marshal(); err != nil {
			t.Fatalf("marshal: %v", err)
		}
	})
}

package urdf

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzImport checks that no input makes the importer panic, and that an imported graph
// can be validated and marshalled.
func FuzzImport(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "seeds", "*.urdf"))
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seed corpus in testdata/seeds: %v", err)
	}
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, false)
	}
	f.Add([]byte(robotDoc), true)
	f.Fuzz(func(t *testing.T, data []byte, floating bool) {
		g, _, err := ImportWith(data, "fuzz.urdf", ImportOptions{Floating: floating})
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

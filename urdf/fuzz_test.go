package urdf

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"path/filepath"
	"testing"
)

// FuzzImport checks that no input makes the importer panic, and that an imported graph
// can be validated and marshalled.
func FuzzImport(f *testing.F) {
	seeds := importSeeds(f)
	for i, s := range seeds {
		f.Add(s, i == len(seeds)-1)
	}
	f.Fuzz(checkImport)
}

// TestImportMutations runs FuzzImport's property on 5,000 deterministic mutations of its
// seeds, alternately with a fixed and a floating root: the fuzz target's fixed budget in
// the test suite.
func TestImportMutations(t *testing.T) {
	floating := false
	testutil.Mutate(t, importSeeds(t), 5000, 3, func(t *testing.T, data []byte) {
		floating = !floating
		checkImport(t, data, floating)
	})
}

// importSeeds are FuzzImport's seeds: testdata/seeds/*.urdf, then robotDoc.
func importSeeds(t testing.TB) [][]byte {
	t.Helper()
	out := testutil.Files(t, filepath.Join("testdata", "seeds", "*.urdf"))
	return append(out, []byte(robotDoc))
}

// checkImport is FuzzImport's property for one input.
func checkImport(t *testing.T, data []byte, floating bool) {
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
}

package mjcf

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzImport checks that no input makes the importer panic, and that an imported graph
// can be validated and marshalled.
func FuzzImport(f *testing.F) {
	for _, s := range importSeeds(f) {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) { checkImport(t, dir, data) })
}

// TestImportMutations runs FuzzImport's property on 5,000 deterministic mutations of its
// seeds: the fuzz target's fixed budget in the test suite.
func TestImportMutations(t *testing.T) {
	dir := t.TempDir()
	testutil.Mutate(t, importSeeds(t), 5000, 2, func(t *testing.T, data []byte) { checkImport(t, dir, data) })
}

// importSeeds are FuzzImport's seeds: testdata/seeds/*.xml and the documents of the
// importer's tests.
func importSeeds(t testing.TB) [][]byte {
	t.Helper()
	out := testutil.Files(t, filepath.Join("testdata", "seeds", "*.xml"))
	for _, doc := range []string{chainDoc, equalityDoc, actuatorDoc, defaultsDoc, orientationDoc} {
		out = append(out, []byte(doc))
	}
	return out
}

// checkImport is FuzzImport's property for one input, imported from dir.
func checkImport(t *testing.T, dir string, data []byte) {
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
}

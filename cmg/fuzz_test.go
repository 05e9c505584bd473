package cmg

import (
	"bytes"
	"errors"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"testing"
)

// FuzzParse checks that no input makes Parse or CheckSchema panic, that every failure is
// reported as located Errors, and that every document Parse accepts conforms to the
// schema and survives Marshal and Parse unchanged. The seed corpus is in
// testdata/fuzz/FuzzParse; run `go test -fuzz=FuzzParse ./cmg` to search further.
func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(checkParse)
}

// TestParseMutations runs FuzzParse's property on 2,000 deterministic mutations of its
// seeds: the fuzz target's fixed budget in the test suite.
func TestParseMutations(t *testing.T) {
	testutil.Mutate(t, parseSeeds(t), 2000, 1, checkParse)
}

// parseSeeds are the seed documents of FuzzParse.
func parseSeeds(t testing.TB) [][]byte {
	return [][]byte{readTestdata(t, "fourbar.json"), readTestdata(t, "full.json")}
}

// checkParse is FuzzParse's property for one input.
func checkParse(t *testing.T, data []byte) {
	schemaErr := CheckSchema(data)
	g, err := Parse(data, "fuzz.json")
	if err != nil {
		var errs Errors
		if !errors.As(err, &errs) || len(errs) == 0 {
			t.Fatalf("Parse error is not Errors: %T %v", err, err)
		}
		if g != nil {
			t.Fatal("Parse returned a graph with an error")
		}
		for _, e := range errs {
			if e.Message == "" || e.File != "fuzz.json" || e.Line < 0 || e.Column < 0 || (e.Line == 0) != (e.Column == 0) {
				t.Fatalf("malformed problem %+v", e)
			}
			_ = e.Error()
		}
		return
	}
	if schemaErr != nil {
		t.Fatalf("Parse accepts a document the schema rejects: %v", schemaErr)
	}
	out, err := g.Marshal()
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	back, err := Parse(out, "fuzz.json")
	if err != nil {
		t.Fatalf("Parse(Marshal(g)): %v\n%s", err, out)
	}
	again, err := back.Marshal()
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("Marshal is not stable:\n%s\nvs\n%s", out, again)
	}
}

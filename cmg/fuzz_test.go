package cmg

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzParse checks that no input makes Parse or CheckSchema panic, that every failure is
// reported as located Errors, and that every document Parse accepts conforms to the
// schema and survives Marshal and Parse unchanged. The seed corpus is in
// testdata/fuzz/FuzzParse; run `go test -fuzz=FuzzParse ./cmg` to search further.
func FuzzParse(f *testing.F) {
	f.Add(readTestdata(f, "fourbar.json"))
	f.Add(readTestdata(f, "full.json"))
	f.Fuzz(func(t *testing.T, data []byte) {
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
	})
}

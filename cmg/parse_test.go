package cmg

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseDocumentClasses covers the problems found in the text itself: malformed JSON,
// unknown and derived fields, wrong types and lengths, repeated keys, nulls. Each case
// asserts the record, field, a key phrase and the line and column.
func TestParseDocumentClasses(t *testing.T) {
	cases := []struct {
		name                  string
		doc                   string
		record, field, phrase string
		line, col             int
	}{
		{"trailing comma", "{\n  \"schema\": \"robocompiler.cmg/1\",\n  \"bodies\": [],\n}", "", "", "malformed JSON: invalid character '}'", 4, 1},
		{"missing comma", "{\n  \"schema\": \"robocompiler.cmg/1\"\n  \"bodies\": []\n}", "", "", "malformed JSON: invalid character '\"' after object key:value pair", 3, 3},
		{"bad literal", "{\"schema\": tru}", "", "", "malformed JSON: invalid character '}' in literal true", 1, 15},
		{"truncated", "{\n  \"schema\": \"robocompiler.cmg/1\",\n  \"bodies\": [", "", "", "the input ends before the value is complete", 3, 14},
		{"empty input", "", "", "", "the input ends before the value is complete", 1, 1},
		{"trailing data", "{\"schema\": \"robocompiler.cmg/1\"}\n{}", "", "", "unexpected data after the top-level value", 2, 1},
		{"not an object", "[1, 2]", "", "", "expected object, got an array", 1, 1},
		{"column counts characters", "{\"name\": \"äöü\", \"schema\": x}", "", "", "invalid character 'x'", 1, 27},
		{"unknown field", "{\"schema\": \"robocompiler.cmg/1\", \"bodies\": [{\"id\": \"b\", \"mas\": 1}]}", `body "b"`, "mas", `unknown field "mas" (did you mean "mass"?); valid fields here are "com", "id", "inertia", "mass"`, 1, 57},
		{"unknown top-level field", "{\"schema\": \"robocompiler.cmg/1\", \"bodys\": []}", "", "bodys", `unknown field "bodys" (did you mean "bodies"?)`, 1, 34},
		{"case matters", "{\"schema\": \"robocompiler.cmg/1\", \"Bodies\": []}", "", "Bodies", `(did you mean "bodies"?)`, 1, 34},
		{"wrong length", "{\"schema\": \"robocompiler.cmg/1\",\n \"bodies\": [{\"id\": \"b\", \"com\": [1, 2]}]}", `body "b"`, "com", "expected exactly 3 item(s), got 2", 2, 25},
		{"too long", "{\"schema\": \"robocompiler.cmg/1\", \"gravity\": [0, 0, -9.81, 0]}", "", "gravity", "expected exactly 3 item(s), got 4", 1, 34},
		{"wrong type", "{\"schema\": \"robocompiler.cmg/1\", \"bodies\": [{\"id\": \"b\", \"mass\": \"1\"}]}", `body "b"`, "mass", `expected number, got a string ("1")`, 1, 57},
		{"wrong element type", "{\"schema\": \"robocompiler.cmg/1\", \"gravity\": [0, \"0\", 1]}", "", "gravity[1]", "expected number, got a string", 1, 49},
		{"null", "{\"schema\": \"robocompiler.cmg/1\", \"hints\": null}", "", "hints", "expected object, got null", 1, 34},
		{"id not a string", "{\"schema\": \"robocompiler.cmg/1\", \"joints\": [{\"id\": 7}]}", "joints[0]", "id", "expected string, got a number (7)", 1, 46},
		{"repeated key", "{\"schema\": \"robocompiler.cmg/1\", \"bodies\": [{\"id\": \"b\", \"mass\": 1, \"mass\": 2}]}", `body "b"`, "mass", `field "mass" is given twice`, 1, 68},
		{"number out of range", "{\"schema\": \"robocompiler.cmg/1\", \"bodies\": [{\"id\": \"b\", \"mass\": 1e400}]}", `body "b"`, "mass", "out of range of a 64-bit float", 1, 57},
		{"seed value type", "{\"schema\": \"robocompiler.cmg/1\", \"seeds\": {\"s\": {\"j\": \"x\"}}}", `seed "s"`, "j", "expected number or array, got a string", 1, 50},
		{"partition empty", "{\"schema\": \"robocompiler.cmg/1\", \"partition_requests\": {\"p\": []}}", `partition_request "p"`, "", "expected at least 1 item(s), got 0", 1, 57},
		{"hint field", "{\"schema\": \"robocompiler.cmg/1\", \"hints\": {\"cuts\": []}}", "hints", "cuts", `unknown field "cuts"`, 1, 44},
		// Validation problems are located too.
		{"located validation", "{\n  \"schema\": \"robocompiler.cmg/1\",\n  \"bodies\": [{\"id\": \"b\", \"mass\": -2}],\n  \"joints\": [{\"id\": \"j\", \"type\": \"free\", \"body_a\": \"world\", \"body_b\": \"b\"}]\n}", `body "b"`, "mass", "mass must be >= 0 kg", 3, 26},
		{"located missing field", "{\n  \"schema\": \"robocompiler.cmg/1\",\n  \"joints\": [\n    {\"id\": \"j\", \"body_a\": \"world\", \"body_b\": \"world\"}]\n}", `joint "j"`, "type", "joint has no type", 4, 5},
		{"missing schema", "{}", "", "schema", "missing schema version", 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := Parse([]byte(c.doc), "model.json")
			if g != nil {
				t.Error("Parse returned a graph with an error")
			}
			errs := asErrors(t, err)
			e := findError(errs, c.record, c.field, c.phrase)
			if e == nil {
				t.Fatalf("no problem with record %q, field %q and phrase %q; got:\n%v", c.record, c.field, c.phrase, errs)
			}
			if e.Line != c.line || e.Column != c.col {
				t.Errorf("at %d:%d, want %d:%d (%v)", e.Line, e.Column, c.line, c.col, e)
			}
			if e.File != "model.json" || !strings.HasPrefix(e.Error(), fmt.Sprintf("model.json:%d:%d: ", c.line, c.col)) {
				t.Errorf("Error() = %q does not start with the location", e.Error())
			}
		})
	}
}

// TestDerivedStructureRejected checks that every pre-authored derived key is rejected
// with the explanation of where steering belongs.
func TestDerivedStructureRejected(t *testing.T) {
	base := readTestdata(t, "fourbar.json")
	for _, key := range []string{"tree", "spanning_tree", "cuts", "chords", "cut_joints", "paths", "closure_paths",
		"modules", "coordinates", "coordinate_order", "partition", "plan"} {
		t.Run(key, func(t *testing.T) {
			doc := bytes.Replace(base, []byte("{\n"), []byte(fmt.Sprintf("{\n  %q: [],\n", key)), 1)
			_, err := Parse(doc, "model.json")
			errs := asErrors(t, err)
			e := findError(errs, "", key, "which the compiler generates from the physical records")
			if e == nil {
				t.Fatalf("got:\n%v", errs)
			}
			for _, phrase := range []string{`"hints"`, `"tree_joints" / "cut_joints"`, "existing moving joints", `"loop_cuts"`} {
				if !strings.Contains(e.Message, phrase) {
					t.Errorf("message lacks %q: %s", phrase, e.Message)
				}
			}
			if e.Line != 2 || e.Column != 3 {
				t.Errorf("at %d:%d, want 2:3", e.Line, e.Column)
			}
		})
	}
}

// TestParseReportsAllShapeProblems checks that shape problems are all reported at once.
func TestParseReportsAllShapeProblems(t *testing.T) {
	doc := `{"schema": "robocompiler.cmg/1", "tree": {}, "bodies": [{"id": "a", "mas": 1}, {"id": "b", "com": [1]}]}`
	_, err := Parse([]byte(doc), "m.json")
	if errs := asErrors(t, err); len(errs) != 3 {
		t.Fatalf("want 3 problems, got:\n%v", errs)
	}
}

// TestLoadFile checks reading from disk and the error for a missing file.
func TestLoadFile(t *testing.T) {
	g := mustLoad(t, "fourbar.json")
	if g.Source != filepath.Join("testdata", "fourbar.json") || g.Name != "planar four-bar" {
		t.Errorf("Source %q, Name %q", g.Source, g.Name)
	}
	if _, err := LoadFile(filepath.Join(t.TempDir(), "missing.json")); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}

// TestDecodeErrorLocation checks the safety net that converts encoding/json errors.
func TestDecodeErrorLocation(t *testing.T) {
	data := []byte("{\n \"mass\": \"x\"}")
	var b Body
	err := decodeError(data, "m.json", jsonUnmarshal(data, &b))
	if err.Line != 2 || err.Field != "mass" || !strings.Contains(err.Message, "expected float64") {
		t.Errorf("got %+v", err)
	}
}

package cmg

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// TestMarshalRoundTrip checks that Parse(Marshal(g)) equals g and that the testdata files
// are in Marshal's canonical layout.
func TestMarshalRoundTrip(t *testing.T) {
	for _, name := range []string{"fourbar.json", "full.json"} {
		raw := readTestdata(t, name)
		g := mustLoad(t, name)
		out, err := g.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, raw) {
			t.Errorf("%s is not in canonical layout; Marshal gives:\n%s", name, out)
		}
		back, err := Parse(out, g.Source)
		if err != nil {
			t.Fatalf("%s: reparse: %v", name, err)
		}
		if !reflect.DeepEqual(back, g) {
			t.Errorf("%s: round trip changed the graph", name)
		}
		again, _ := back.Marshal()
		if !bytes.Equal(again, out) {
			t.Errorf("%s: Marshal is not deterministic", name)
		}
	}
}

// TestMarshalEmptyAndNil checks the output of a minimal graph and of nil seeds: required
// arrays are written, nil seeds become {}, and the result conforms to the schema.
func TestMarshalEmptyAndNil(t *testing.T) {
	g := &Graph{Schema: SchemaVersion, Seeds: map[string]map[string]Values{"empty": nil}}
	out, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"schema\": \"robocompiler.cmg/1\",\n  \"bodies\": [],\n  \"joints\": [],\n  \"seeds\": {\"empty\": {}}\n}\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if g.Bodies != nil || g.Seeds["empty"] != nil {
		t.Error("Marshal modified the graph")
	}
	if _, err := Parse(out, "m.json"); err != nil {
		t.Error(err)
	}
	if err := CheckSchema(out); err != nil {
		t.Error(err)
	}
}

// TestMarshalKeepsStringsReadable checks that strings are not HTML-escaped.
func TestMarshalKeepsStringsReadable(t *testing.T) {
	g := &Graph{Schema: SchemaVersion, Name: "a<b> & \"c\""}
	out, _ := g.Marshal()
	if !bytes.Contains(out, []byte(`"name": "a<b> & \"c\""`)) {
		t.Errorf("got %s", out)
	}
}

// TestValuesJSON checks that a bare number reads as a one-element vector and that
// one-element vectors are written as numbers.
func TestValuesJSON(t *testing.T) {
	reads := map[string]Values{"1.5": {1.5}, "[1.5]": {1.5}, "[1, 2]": {1, 2}, "[]": {}, " -2 ": {-2}}
	for in, want := range reads {
		var v Values
		if err := json.Unmarshal([]byte(in), &v); err != nil || !reflect.DeepEqual(v, want) {
			t.Errorf("%s: got %v, %v; want %v", in, v, err, want)
		}
	}
	for _, bad := range []string{`"x"`, `[1, "x"]`, `{}`} {
		var v Values
		if err := json.Unmarshal([]byte(bad), &v); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	v := Values{7}
	if err := json.Unmarshal([]byte("null"), &v); err != nil || !reflect.DeepEqual(v, Values{7}) {
		t.Errorf("null changed the value: %v %v", v, err)
	}
	writes := []struct {
		v    Values
		want string
	}{{Values{1.5}, "1.5"}, {Values{1, 2}, "[1,2]"}, {nil, "[]"}, {Values{}, "[]"}}
	for _, c := range writes {
		if b, err := json.Marshal(c.v); err != nil || string(b) != c.want {
			t.Errorf("%v: got %s, %v; want %s", c.v, b, err, c.want)
		}
	}
}

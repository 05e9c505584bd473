package cmg

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSchemaAcceptsValidGraphs checks that valid graphs, as written by hand and by
// Marshal, conform to the schema.
func TestSchemaAcceptsValidGraphs(t *testing.T) {
	for _, name := range []string{"fourbar.json", "full.json"} {
		if err := CheckSchema(readTestdata(t, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		g := mustLoad(t, name)
		g.Seeds = map[string]map[string]Values{"none": {}}
		out, err := g.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSchema(out); err != nil {
			t.Errorf("%s marshalled: %v", name, err)
		}
	}
	// The short forms Parse accepts (absent frames, bare-number seeds) conform too.
	short := `{"schema": "robocompiler.cmg/1", "bodies": [{"id": "b", "mass": 1, "inertia": [1, 1, 1, 0, 0, 0]}],
		"joints": [{"id": "j", "type": "revolute", "body_a": "world", "body_b": "b", "axis": [0, 0, 1]}],
		"seeds": {"default": {"j": 0.5}}}`
	if err := CheckSchema([]byte(short)); err != nil {
		t.Error(err)
	}
	if _, err := Parse([]byte(short), "short.json"); err != nil {
		t.Error(err)
	}
}

// TestSchemaRejects checks CheckSchema on documents that break each kind of rule.
func TestSchemaRejects(t *testing.T) {
	cases := []struct{ doc, phrase string }{
		{`{"bodies": []}`, `missing required field "schema"`},
		{`{"schema": "robocompiler.cmg/2"}`, `must be "robocompiler.cmg/1"`},
		{`{"schema": "robocompiler.cmg/1", "joints": [{"id": "j", "type": "hinge", "body_a": "a", "body_b": "b"}]}`, `"hinge" is not one of "fixed", "revolute"`},
		{`{"schema": "robocompiler.cmg/1", "bodies": [{"id": ""}]}`, "at least 1 character"},
		{`{"schema": "robocompiler.cmg/1", "bodies": [{"id": "b", "mass": -1}]}`, "must be >= 0, got -1"},
		{`{"schema": "robocompiler.cmg/1", "bodies": [{"id": "b", "inertia": [1, 1]}]}`, "exactly 6 item(s), got 2"},
		{`{"schema": "robocompiler.cmg/1", "tree": []}`, "derived structure"},
		{`{"schema": "robocompiler.cmg/1", "hints": {"tree_joints": [1]}}`, "expected string, got a number"},
		{`{"schema": "robocompiler.cmg/1", "joints": [{"id": "j", "type": "fixed", "body_a": "a", "body_b": "b", "limits": {"lower": []}}]}`, `missing required field "upper"`},
		{`[`, "malformed JSON"},
	}
	for _, c := range cases {
		err := CheckSchema([]byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.phrase) {
			t.Errorf("%s: got %v, want %q", c.doc, err, c.phrase)
		}
	}
}

// TestSchemaCheckerKeywords checks each keyword of the checker on small schemas.
func TestSchemaCheckerKeywords(t *testing.T) {
	schema := `{"type": "object", "additionalProperties": false, "required": ["a"],
		"properties": {
			"a": {"$ref": "#/$defs/pair"},
			"b": {"type": ["string", "null"], "minLength": 2},
			"c": {"enum": [1, "x"]},
			"d": {"const": true},
			"e": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 3}},
			"f": {"type": "array", "minItems": 1},
			"g": {"type": "array", "maxItems": 1},
			"h": false
		},
		"$defs": {"pair": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}}}`
	var root map[string]any
	if err := json.Unmarshal([]byte(schema), &root); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		doc  string
		want []string // one phrase per expected violation, in order
	}{
		{`{"a": [1, 2]}`, nil},
		{`{"a": [1, 2], "b": null, "c": "x", "d": true, "e": {"k": 3}, "f": [0], "g": []}`, nil},
		{`{}`, []string{`missing required field "a"`}},
		{`{"a": [1]}`, []string{"exactly 2 item(s), got 1"}},
		{`{"a": [1, "2"]}`, []string{"expected number, got a string"}},
		{`{"a": {}}`, []string{"expected array, got an object"}},
		{`{"a": [1, 2], "z": 1}`, []string{`unknown field "z"`}},
		{`{"a": [1, 2], "b": "x"}`, []string{"at least 2 character(s)"}},
		{`{"a": [1, 2], "b": 5}`, []string{"expected string or null, got a number"}},
		{`{"a": [1, 2], "c": 2}`, []string{`2 is not one of 1, "x"`}},
		{`{"a": [1, 2], "d": false}`, []string{"must be true"}},
		{`{"a": [1, 2], "e": {"k": 2.5, "m": 1}}`, []string{"expected integer, got a number (2.5)", "must be >= 3, got 1"}},
		{`{"a": [1, 2], "f": []}`, []string{"at least 1 item(s), got 0"}},
		{`{"a": [1, 2], "g": [1, 2]}`, []string{"0 to 1 items, got 2"}},
		{`{"a": [1, 2], "h": 1}`, []string{"no value is allowed here"}},
		{`{"a": [1, 2], "a": [3, 4]}`, []string{`field "a" is given twice`}},
		{`{"a": [1e999, 2]}`, []string{"out of range of a 64-bit float"}},
	}
	for _, c := range cases {
		n, serr := parseJSONTree([]byte(c.doc))
		if serr != nil {
			t.Fatal(serr.msg)
		}
		ch := &schemaChecker{root: root, full: true}
		ch.check(root, n, nil)
		var got []string
		for _, v := range ch.out {
			got = append(got, v.msg)
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: got %q, want %q", c.doc, got, c.want)
			continue
		}
		for i := range got {
			if !strings.Contains(got[i], c.want[i]) {
				t.Errorf("%s: got %q, want %q", c.doc, got[i], c.want[i])
			}
		}
	}
}

// TestSchemaMatchesGoTypes walks the Go types and the schema together: every struct is a
// closed object with exactly the Go fields, every fixed-size array has that many items,
// and every scalar has the Go type. The schema cannot drift from types.go unnoticed.
func TestSchemaMatchesGoTypes(t *testing.T) {
	root := loadedSchema()
	var walk func(typ reflect.Type, s map[string]any, path string)
	resolve := func(s map[string]any) map[string]any {
		if ref, ok := s["$ref"].(string); ok {
			def := root["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
			merged := map[string]any{}
			for k, v := range def {
				merged[k] = v
			}
			for k, v := range s {
				if k != "$ref" {
					merged[k] = v
				}
			}
			return merged
		}
		return s
	}
	walk = func(typ reflect.Type, s map[string]any, path string) {
		s = resolve(s)
		for typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ == reflect.TypeFor[Values]() {
			if !reflect.DeepEqual(s["type"], []any{"number", "array"}) {
				t.Errorf("%s: Values must be number or array, schema has %v", path, s["type"])
			}
			return
		}
		want := map[reflect.Kind]string{reflect.Struct: "object", reflect.Map: "object", reflect.Slice: "array",
			reflect.Array: "array", reflect.Float64: "number", reflect.String: "string"}[typ.Kind()]
		if s["type"] != want {
			t.Errorf("%s: schema type %v, Go %s wants %q", path, s["type"], typ, want)
			return
		}
		switch typ.Kind() {
		case reflect.Struct:
			props, _ := s["properties"].(map[string]any)
			if s["additionalProperties"] != false {
				t.Errorf("%s: object is not closed (additionalProperties: false)", path)
			}
			var goNames []string
			for i := range typ.NumField() {
				name := jsonName(typ.Field(i))
				if name == "" {
					continue
				}
				goNames = append(goNames, name)
				sub, ok := props[name].(map[string]any)
				if !ok {
					t.Errorf("%s: schema lacks field %q", path, name)
					continue
				}
				walk(typ.Field(i).Type, sub, path+"."+name)
			}
			for name := range props {
				if !slices.Contains(goNames, name) {
					t.Errorf("%s: schema field %q is not in the Go type", path, name)
				}
			}
		case reflect.Map:
			walk(typ.Elem(), s["additionalProperties"].(map[string]any), path+"{}")
		case reflect.Array:
			if s["minItems"] != float64(typ.Len()) || s["maxItems"] != float64(typ.Len()) {
				t.Errorf("%s: fixed array of %d needs minItems = maxItems = %d", path, typ.Len(), typ.Len())
			}
			walk(typ.Elem(), s["items"].(map[string]any), path+"[]")
		case reflect.Slice:
			walk(typ.Elem(), s["items"].(map[string]any), path+"[]")
		}
	}
	walk(reflect.TypeFor[Graph](), root, "Graph")
}

// TestSchemaUsesSupportedKeywords checks that the schema uses only the keywords the
// checker implements, so that CheckSchema never ignores a rule.
func TestSchemaUsesSupportedKeywords(t *testing.T) {
	supported := []string{"$schema", "$id", "$defs", "$ref", "title", "description", "type", "properties",
		"additionalProperties", "items", "required", "enum", "const", "minItems", "maxItems", "minLength", "minimum"}
	var walk func(s any, path string)
	walk = func(s any, path string) {
		m, ok := s.(map[string]any)
		if !ok {
			return
		}
		for k, v := range m {
			if !slices.Contains(supported, k) {
				t.Errorf("%s: unsupported keyword %q", path, k)
			}
			switch k {
			case "properties", "$defs":
				for name, sub := range v.(map[string]any) {
					walk(sub, path+"/"+k+"/"+name)
				}
			case "items", "additionalProperties":
				walk(v, path+"/"+k)
			}
		}
	}
	walk(loadedSchema(), "#")
	if string(Schema()) != string(schemaJSON) {
		t.Error("Schema() differs from the embedded file")
	}
}

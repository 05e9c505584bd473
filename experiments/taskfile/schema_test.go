package taskfile

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSchemaMatchesSpec: the schema's objects have exactly the fields of the Go records
// the parser decodes (the same names, recursively), and forbid others.
func TestSchemaMatchesSpec(t *testing.T) {
	var root map[string]any
	if err := json.Unmarshal(Schema(), &root); err != nil {
		t.Fatal(err)
	}
	defs := root["$defs"].(map[string]any)
	var walk func(typ reflect.Type, node map[string]any, path string)
	resolve := func(node map[string]any) map[string]any {
		for {
			if r, ok := node["$ref"].(string); ok {
				node = defs[strings.TrimPrefix(r, "#/$defs/")].(map[string]any)
				continue
			}
			if it, ok := node["items"].(map[string]any); ok && node["type"] == "array" {
				node = it
				continue
			}
			return node
		}
	}
	walk = func(typ reflect.Type, node map[string]any, path string) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || typ == reflect.TypeFor[Partition]() {
			return
		}
		node = resolve(node)
		props, _ := node["properties"].(map[string]any)
		if node["additionalProperties"] != false {
			t.Errorf("%s: the schema allows unknown fields", path)
		}
		var fields []string
		for i := range typ.NumField() {
			f := typ.Field(i)
			tag := strings.Split(f.Tag.Get("yaml"), ",")[0]
			if tag == "" {
				continue
			}
			fields = append(fields, tag)
			p, ok := props[tag].(map[string]any)
			if !ok {
				t.Errorf("%s.%s: not in the schema", path, tag)
				continue
			}
			walk(f.Type, p, path+"."+tag)
		}
		for name := range props {
			if !slices.Contains(fields, name) {
				t.Errorf("%s.%s: in the schema, not in the format", path, name)
			}
		}
	}
	walk(reflect.TypeFor[Spec](), root, "task")
}

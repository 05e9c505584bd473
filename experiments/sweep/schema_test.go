package sweep

import (
	"encoding/json"
	"github.com/robocompiler/robocompiler/internal/yamlfile"
	"os"
	"reflect"
	"slices"
	"sort"
	"testing"
)

// TestSchemaMatchesTypes: schema.json has exactly the keys the decoder reads, for every
// record of the file, and the same enumerations (Stewart fields, record kinds, reserved
// names).
func TestSchemaMatchesTypes(t *testing.T) {
	data, err := os.ReadFile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	get := func(path ...string) map[string]any {
		var cur any = schema
		for _, p := range path {
			m, _ := cur.(map[string]any)
			cur = m[p]
		}
		m, _ := cur.(map[string]any)
		if m == nil {
			t.Fatalf("schema has no %v", path)
		}
		return m
	}
	defs := []string{"$defs"}
	run := []string{"$defs", "run", "properties"}
	par := []string{"$defs", "parameter", "properties"}
	for typ, path := range map[reflect.Type][]string{
		reflect.TypeOf(Sweep{}):        nil,
		reflect.TypeOf(Generator{}):    append(defs, "generator"),
		reflect.TypeOf(Parameter{}):    append(defs, "parameter"),
		reflect.TypeOf(Range{}):        append(par, "range"),
		reflect.TypeOf(Uniform{}):      append(par, "uniform"),
		reflect.TypeOf(Normal{}):       append(par, "normal"),
		reflect.TypeOf(Run{}):          append(defs, "run"),
		reflect.TypeOf(AssembleStep{}): append(run, "assemble"),
		reflect.TypeOf(CheckStep{}):    append(run, "check"),
		reflect.TypeOf(SimulateStep{}): append(run, "simulate"),
		reflect.TypeOf(BenchStep{}):    append(run, "bench"),
	} {
		obj := get(path...)
		if obj["additionalProperties"] != false {
			t.Errorf("%v: additionalProperties must be false", path)
		}
		var props []string
		for k := range get(append(path, "properties")...) {
			props = append(props, k)
		}
		sort.Strings(props)
		if want := yamlfile.Keys(typ); !slices.Equal(props, want) {
			t.Errorf("%s: schema keys %v, decoder keys %v", typ, props, want)
		}
	}
	enum := func(path ...string) []string {
		var out []string
		for _, v := range get(path...)["enum"].([]any) {
			out = append(out, v.(string))
		}
		sort.Strings(out)
		return out
	}
	if got := enum(append(par, "stewart")...); !slices.Equal(got, stewartFieldNames()) {
		t.Errorf("stewart enum %v, want %v", got, stewartFieldNames())
	}
	kinds := slices.Sorted(slices.Values(sortedKinds()))
	if got := enum(append(par, "kind")...); !slices.Equal(got, kinds) {
		t.Errorf("kind enum %v, want %v", got, kinds)
	}
	res := slices.Sorted(slices.Values(reserved))
	if got := enum(append(par, "name", "not")...); !slices.Equal(got, res) {
		t.Errorf("reserved names %v, want %v", got, res)
	}
}

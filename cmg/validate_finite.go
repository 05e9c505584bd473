package cmg

import (
	"math"
	"reflect"
	"slices"
	"strings"
)

// checkFinite reports every NaN or infinite number in the graph, wherever it is, and
// marks its record so that the record's other numeric checks are skipped.
func (v *validator) checkFinite() {
	walkFloats(reflect.ValueOf(v.g).Elem(), nil, func(path []any, x float64) {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			return
		}
		v.report(path, "value is %v; every number must be finite", x)
		if len(path) >= 2 {
			if i, ok := path[1].(int); ok {
				v.nonFinite[recordKey{path[0].(string), i}] = true
			}
		}
	})
}

// walkFloats calls fn for every float64 reachable from rv, with its JSON path. Struct
// fields are named by their json tags (fields tagged "-" are skipped); map keys are
// visited in sorted order.
func walkFloats(rv reflect.Value, path []any, fn func(path []any, x float64)) {
	switch rv.Kind() {
	case reflect.Float64:
		fn(path, rv.Float())
	case reflect.Pointer:
		if !rv.IsNil() {
			walkFloats(rv.Elem(), path, fn)
		}
	case reflect.Array, reflect.Slice:
		for i := range rv.Len() {
			walkFloats(rv.Index(i), appendPath(path, i), fn)
		}
	case reflect.Map:
		keys := rv.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			walkFloats(rv.MapIndex(k), appendPath(path, k.String()), fn)
		}
	case reflect.Struct:
		t := rv.Type()
		for i := range t.NumField() {
			name := jsonName(t.Field(i))
			if name == "" {
				continue
			}
			walkFloats(rv.Field(i), appendPath(path, name), fn)
		}
	}
}

// jsonName returns the JSON key of a struct field, or "" when it is not serialised.
func jsonName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	switch name {
	case "-":
		return ""
	case "":
		return f.Name
	}
	return name
}

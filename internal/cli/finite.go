package cli

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
)

// NonFinite returns the JSON path (e.g. `a.crank`, `M[2][3]`) and value of the first
// NaN or infinite number in v (structs by their JSON names, maps in key order, slices),
// or "" when every number is finite.
func NonFinite(v any) (string, float64) {
	return walkFinite(reflect.ValueOf(v), "")
}

// Finite returns a numerical error (exit 3) naming the first non-finite number in the
// result v of what (e.g. "eval of fourbar at state.json"), or nil: no command prints a
// non-finite number as a success.
func Finite(what string, v any) error {
	path, x := NonFinite(v)
	if path == "" {
		return nil
	}
	return Numerical(fmt.Errorf("%s: %s overflowed to %v (the input's magnitudes are too large to evaluate in float64)", what, path, x))
}

func walkFinite(v reflect.Value, path string) (string, float64) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if x := v.Float(); math.IsNaN(x) || math.IsInf(x, 0) {
			return orRoot(path), x
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return walkFinite(v.Elem(), path)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if p, x := walkFinite(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p, x
			}
		}
	case reflect.Map:
		keys := v.MapKeys()
		names := make([]string, len(keys))
		for i, k := range keys {
			names[i] = fmt.Sprint(k.Interface())
		}
		order := make([]int, len(keys))
		for i := range order {
			order[i] = i
		}
		sort.Slice(order, func(a, b int) bool { return names[order[a]] < names[order[b]] })
		for _, i := range order {
			if p, x := walkFinite(v.MapIndex(keys[i]), join(path, names[i])); p != "" {
				return p, x
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			sub := path
			if !f.Anonymous || name != "" {
				if name == "" {
					name = f.Name
				}
				sub = join(path, name)
			}
			if p, x := walkFinite(v.Field(i), sub); p != "" {
				return p, x
			}
		}
	}
	return "", 0
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func orRoot(path string) string {
	if path == "" {
		return "the value"
	}
	return path
}

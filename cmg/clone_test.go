package cmg

import (
	"reflect"
	"testing"
)

// TestCloneIsDeep fills every field of a graph, clones it, and checks that the clone is
// equal and shares no pointer, slice or map with the original. Because it walks the
// types by reflection, a field added to the types but forgotten in Clone fails it.
func TestCloneIsDeep(t *testing.T) {
	g := &Graph{}
	fill(reflect.ValueOf(g).Elem(), 0)
	c := g.Clone()
	if !reflect.DeepEqual(c, g) {
		t.Fatal("clone differs from the original")
	}
	assertDisjoint(t, reflect.ValueOf(g).Elem(), reflect.ValueOf(c).Elem(), "Graph")
	if (*Graph)(nil).Clone() != nil {
		t.Error("nil.Clone() != nil")
	}
}

// fill sets every reachable field of v to a non-zero value (two elements per slice and map).
func fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Float64:
		v.SetFloat(float64(depth) + 0.5)
	case reflect.String:
		v.SetString("s")
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), depth+1)
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), depth+1)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for _, k := range []string{"a", "b"} {
			e := reflect.New(v.Type().Elem()).Elem()
			fill(e, depth+1)
			v.SetMapIndex(reflect.ValueOf(k), e)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	}
}

// assertDisjoint fails when a and b share any pointer, slice backing array or map.
func assertDisjoint(t *testing.T, a, b reflect.Value, path string) {
	t.Helper()
	switch a.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if a.IsNil() {
			return
		}
		if a.Pointer() == b.Pointer() {
			t.Errorf("%s is shared", path)
		}
	}
	switch a.Kind() {
	case reflect.Pointer:
		assertDisjoint(t, a.Elem(), b.Elem(), path)
	case reflect.Slice, reflect.Array:
		for i := range a.Len() {
			assertDisjoint(t, a.Index(i), b.Index(i), path+"[]")
		}
	case reflect.Map:
		for _, k := range a.MapKeys() {
			assertDisjoint(t, a.MapIndex(k), b.MapIndex(k), path+"["+k.String()+"]")
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				assertDisjoint(t, a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name)
			}
		}
	}
}

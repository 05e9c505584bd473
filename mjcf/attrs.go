package mjcf

import (
	"math"
	"strconv"
	"strings"
)

// attrs is the effective attribute set of one element: the values of its default class
// (if the element takes defaults) overlaid by the element's own attributes. Errors are
// reported at the element.
type attrs struct {
	n *node
	m map[string]string
}

// ownAttrs returns the element's own attributes, without defaults.
func ownAttrs(n *node) *attrs {
	a := &attrs{n: n, m: make(map[string]string, len(n.Attrs))}
	for _, x := range n.Attrs {
		if x.Name.Space == "" {
			a.m[x.Name.Local] = x.Value
		}
	}
	return a
}

// has reports whether attribute k is set.
func (a *attrs) has(k string) bool {
	_, ok := a.m[k]
	return ok
}

// str returns attribute k and whether it is set.
func (a *attrs) str(k string) (string, bool) {
	v, ok := a.m[k]
	return v, ok
}

// floats parses attribute k as between min and max whitespace-separated finite
// numbers. It returns nil and no error when the attribute is not set.
func (a *attrs) floats(k string, min, max int) ([]float64, error) {
	v, ok := a.m[k]
	if !ok {
		return nil, nil
	}
	return parseFloats(a.n, k, v, min, max)
}

// parseFloats parses v (the value of attribute k of n) as between min and max numbers.
func parseFloats(n *node, k, v string, min, max int) ([]float64, error) {
	f := strings.Fields(v)
	if len(f) < min || len(f) > max {
		if min == max {
			return nil, errAt(n, k, "expected %d numbers, got %q", min, v)
		}
		return nil, errAt(n, k, "expected %d to %d numbers, got %q", min, max, v)
	}
	out := make([]float64, len(f))
	for i, s := range f {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, errAt(n, k, "%q is not a finite number", s)
		}
		out[i] = x
	}
	return out, nil
}

// float parses attribute k as one number; def when it is not set.
func (a *attrs) float(k string, def float64) (float64, error) {
	v, err := a.floats(k, 1, 1)
	if err != nil || v == nil {
		return def, err
	}
	return v[0], nil
}

// vec3 parses attribute k as three numbers; def when it is not set.
func (a *attrs) vec3(k string, def [3]float64) ([3]float64, error) {
	v, err := a.floats(k, 3, 3)
	if err != nil || v == nil {
		return def, err
	}
	return [3]float64{v[0], v[1], v[2]}, nil
}

// boolean parses attribute k as "true" or "false"; def when it is not set.
func (a *attrs) boolean(k string, def bool) (bool, error) {
	v, ok := a.m[k]
	if !ok {
		return def, nil
	}
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return def, errAt(a.n, k, "%q is not valid: use true or false", v)
}

// tristate is the value of a MuJoCo [false, true, auto] attribute.
type tristate int

// tristate values; unset means the attribute is absent everywhere.
const (
	triUnset tristate = iota
	triFalse
	triTrue
	triAuto
)

// tri parses attribute k as false, true or auto.
func (a *attrs) tri(k string) (tristate, error) {
	v, ok := a.m[k]
	if !ok {
		return triUnset, nil
	}
	switch v {
	case "false":
		return triFalse, nil
	case "true":
		return triTrue, nil
	case "auto":
		return triAuto, nil
	}
	return triUnset, errAt(a.n, k, "%q is not valid: use false, true or auto", v)
}

// oneOf parses attribute k as one of the allowed keywords; def when it is not set.
func (a *attrs) oneOf(k, def string, allowed ...string) (string, error) {
	v, ok := a.m[k]
	if !ok {
		return def, nil
	}
	for _, s := range allowed {
		if v == s {
			return v, nil
		}
	}
	return def, errAt(a.n, k, "%q is not valid: use one of %s", v, strings.Join(allowed, ", "))
}

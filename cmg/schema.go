package cmg

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

//go:embed schema.json
var schemaJSON []byte

// Schema returns the JSON Schema (draft 2020-12) of the CMG format, for editors and for
// checking files written by other tools.
func Schema() []byte { return slices.Clone(schemaJSON) }

// CheckSchema checks a CMG document against Schema and returns every violation as Errors
// (nil when it conforms). It checks shape only (types, fields, array lengths, enums,
// required fields); Parse also checks physics and references.
func CheckSchema(doc []byte) error {
	root, serr := parseJSONTree(doc)
	if serr != nil {
		line, col := lineColumn(doc, serr.off)
		return Errors{{Message: serr.msg, Line: line, Column: col}}
	}
	return shapeErrors(doc, root, "", true).err()
}

// loadedSchema is the parsed Schema.
var loadedSchema = sync.OnceValue(func() map[string]any {
	var s map[string]any
	if err := json.Unmarshal(schemaJSON, &s); err != nil {
		panic("cmg: embedded schema.json is not JSON: " + err.Error())
	}
	return s
})

// schemaViolation is one way a document departs from the schema.
type schemaViolation struct {
	path    []any
	msg     string
	unknown string // the key, when the violation is a key the schema does not allow
}

// schemaChecker checks jsonNodes against the embedded schema. It implements the keywords
// the schema uses: $ref (to #/$defs), type, properties, additionalProperties, items,
// minItems, maxItems, required, enum, const, minLength and minimum; annotations
// ($schema, $id, title, description) are ignored, and any other keyword is an error so
// that the schema cannot use one silently.
type schemaChecker struct {
	root map[string]any
	// full also checks the value keywords (required, enum, const, minLength, minimum);
	// Parse leaves those to Validate, which explains them better.
	full bool
	out  []schemaViolation
}

// annotations are keywords that do not constrain a value.
var annotations = map[string]bool{"$schema": true, "$id": true, "$defs": true, "title": true, "description": true}

// check checks n, found at path, against schema s.
func (c *schemaChecker) check(s any, n *jsonNode, path []any) {
	switch s := s.(type) {
	case bool:
		if !s {
			c.fail(path, "no value is allowed here")
		}
		return
	case map[string]any:
		if ref, ok := s["$ref"].(string); ok {
			c.check(c.resolve(ref), n, path)
		}
		if t, ok := s["type"]; ok && !c.checkType(t, n, path) {
			return // further keywords would only repeat the type mismatch
		}
		for _, k := range slices.Sorted(mapKeys(s)) {
			c.keyword(k, s, n, path)
		}
	default:
		panic(fmt.Sprintf("cmg: schema at %s is %T, not an object or boolean", pathString(path), s))
	}
}

// keyword applies one keyword (other than $ref and type) of schema s to n.
func (c *schemaChecker) keyword(k string, s map[string]any, n *jsonNode, path []any) {
	v := s[k]
	switch k {
	case "$ref", "type":
	case "properties", "additionalProperties":
		if k == "properties" || s["properties"] == nil {
			c.checkObject(s, n, path)
		}
	case "items":
		if n.kind == jsonArray {
			for i, e := range n.kids {
				c.check(v, e, appendPath(path, i))
			}
		}
	case "minItems", "maxItems":
		if n.kind != jsonArray || (k == "maxItems" && s["minItems"] != nil) {
			return
		}
		lo, hi := bound(s["minItems"], 0), bound(s["maxItems"], -1)
		if len(n.kids) < lo || (hi >= 0 && len(n.kids) > hi) {
			c.fail(path, "expected %s, got %d", itemCount(lo, hi), len(n.kids))
		}
	case "required":
		if c.full && n.kind == jsonObject {
			for _, r := range v.([]any) {
				if child, _ := n.child(r.(string)); child == nil {
					c.fail(path, "missing required field %q", r)
				}
			}
		}
	case "enum":
		if c.full && !slices.ContainsFunc(v.([]any), func(e any) bool { return equalJSON(n, e) }) {
			c.fail(path, "%s is not one of %s", n.raw, enumList(v.([]any)))
		}
	case "const":
		if c.full && !equalJSON(n, v) {
			c.fail(path, "must be %s", mustJSON(v))
		}
	case "minLength":
		if c.full && n.kind == jsonString && utf8.RuneCountInString(n.str) < bound(v, 0) {
			c.fail(path, "must have at least %d character(s)", bound(v, 0))
		}
	case "minimum":
		if x, err := strconv.ParseFloat(string(n.raw), 64); c.full && n.kind == jsonNumber && err == nil && x < v.(float64) {
			c.fail(path, "must be >= %g, got %s", v.(float64), n.raw)
		}
	default:
		if !annotations[k] {
			panic(fmt.Sprintf("cmg: schema keyword %q is not supported by the checker", k))
		}
	}
}

// checkObject applies properties and additionalProperties, and reports repeated keys.
func (c *schemaChecker) checkObject(s map[string]any, n *jsonNode, path []any) {
	if n.kind != jsonObject {
		return
	}
	props, _ := s["properties"].(map[string]any)
	extra, hasExtra := s["additionalProperties"]
	seen := map[string]bool{}
	for i, k := range n.keys {
		p := appendPath(path, k)
		if seen[k] {
			c.fail(p, "field %q is given twice; give each field once", k)
			continue
		}
		seen[k] = true
		if sub, ok := props[k]; ok {
			c.check(sub, n.kids[i], p)
			continue
		}
		if !hasExtra {
			continue
		}
		if extra == false {
			names := slices.Sorted(mapKeys(props))
			c.out = append(c.out, schemaViolation{path: p, unknown: k, msg: fmt.Sprintf(
				"unknown field %q%s; valid fields here are %s", k, didYouMean(k, names), listNames(names))})
			continue
		}
		c.check(extra, n.kids[i], p)
	}
}

// checkType applies the type keyword; it returns false after reporting a mismatch.
func (c *schemaChecker) checkType(t any, n *jsonNode, path []any) bool {
	var want []string
	switch t := t.(type) {
	case string:
		want = []string{t}
	case []any:
		for _, x := range t {
			want = append(want, x.(string))
		}
	}
	got := n.kind.String()
	if slices.Contains(want, got) || (got == "number" && slices.Contains(want, "integer") && isInteger(n.raw)) {
		if got == "number" {
			if _, err := strconv.ParseFloat(string(n.raw), 64); err != nil {
				c.fail(path, "number %s is out of range of a 64-bit float", n.raw)
				return false
			}
		}
		return true
	}
	c.fail(path, "expected %s, got %s", strings.Join(want, " or "), describeJSON(n))
	return false
}

// resolve returns the schema a local reference "#/$defs/name" points to.
func (c *schemaChecker) resolve(ref string) any {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	defs, _ := c.root["$defs"].(map[string]any)
	if s, found := defs[name]; ok && found {
		return s
	}
	panic(fmt.Sprintf("cmg: schema reference %q does not resolve", ref))
}

// fail records a violation at path.
func (c *schemaChecker) fail(path []any, format string, args ...any) {
	c.out = append(c.out, schemaViolation{path: path, msg: fmt.Sprintf(format, args...)})
}

// mapKeys returns the keys of m.
func mapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// bound reads a non-negative count keyword, or def when absent.
func bound(v any, def int) int {
	if f, ok := v.(float64); ok {
		return int(f)
	}
	return def
}

// itemCount describes an allowed number of array items.
func itemCount(lo, hi int) string {
	switch {
	case lo == hi:
		return fmt.Sprintf("exactly %d item(s)", lo)
	case hi < 0:
		return fmt.Sprintf("at least %d item(s)", lo)
	}
	return fmt.Sprintf("%d to %d items", lo, hi)
}

// isInteger reports whether a JSON number literal has an integer value.
func isInteger(raw []byte) bool {
	f, err := strconv.ParseFloat(string(raw), 64)
	return err == nil && f == float64(int64(f))
}

// equalJSON reports whether the scalar n equals the decoded JSON value v.
func equalJSON(n *jsonNode, v any) bool {
	if n.raw == nil {
		return false // objects and arrays: the schema compares scalars only
	}
	var x any
	if err := json.Unmarshal(n.raw, &x); err != nil {
		return false
	}
	return reflect.DeepEqual(x, v)
}

// enumList renders an enum's values for a message.
func enumList(vs []any) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = mustJSON(v)
	}
	return strings.Join(out, ", ")
}

// mustJSON renders a decoded JSON value.
func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// describeJSON names a value's kind with an article, e.g. `a string ("x")`.
func describeJSON(n *jsonNode) string {
	switch n.kind {
	case jsonObject:
		return "an object"
	case jsonArray:
		return "an array"
	case jsonNull:
		return "null"
	}
	s := string(n.raw)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return fmt.Sprintf("a %s (%s)", n.kind, s)
}

// shapeErrors checks root against the schema and converts the violations to Errors
// located in data; file names the source. full selects CheckSchema's complete check.
func shapeErrors(data []byte, root *jsonNode, file string, full bool) Errors {
	c := &schemaChecker{root: loadedSchema(), full: full}
	c.check(c.root, root, nil)
	idOf := func(section string, i int) string {
		arr, _ := root.child(section)
		if arr == nil || arr.kind != jsonArray || i >= len(arr.kids) {
			return ""
		}
		if id, _ := arr.kids[i].child("id"); id != nil && id.kind == jsonString {
			return id.str
		}
		return ""
	}
	var errs Errors
	for _, v := range c.out {
		rec, field := describePath(v.path, idOf)
		msg := v.msg
		if len(v.path) == 1 && v.unknown != "" {
			msg = topLevelUnknown(v.unknown, msg)
		}
		line, col := lineColumn(data, root.locate(v.path))
		errs = append(errs, &FieldError{File: file, Record: rec, Field: field, Message: msg,
			Line: line, Column: col, path: v.path})
	}
	return errs
}

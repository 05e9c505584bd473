// Package yamlfile reads the project's YAML input files (task files, sweep files): it
// decodes them strictly (an unknown key is an error) and words and locates every error
// once, as a *cli.LocatedError naming the file, the line and column, and the field path
// (a.b[2].c).
package yamlfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler/internal/cli"
	"gopkg.in/yaml.v3"
)

// Doc is a decoded file: its name as given and its root mapping node, which locates
// fields for later errors.
type Doc struct {
	File string
	Root *yaml.Node
}

// Decode parses src, the contents of file, and decodes it into v (a pointer to a struct)
// refusing unknown keys. expected says what the file holds ("a task file: a mapping with
// model, duration, step, ...") for the errors of an empty or non-mapping document. Every
// error is a *cli.LocatedError: a syntax error, an unknown field with the valid keys of
// its record, or a value of the wrong type with what the field expects.
func Decode(file string, src []byte, v any, expected string) (*Doc, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		return nil, syntaxError(file, err)
	}
	if len(root.Content) == 0 {
		return nil, &cli.LocatedError{File: file, Message: "the file is empty; expected " + expected}
	}
	d := &Doc{File: file, Root: root.Content[0]}
	if len(root.Content) > 1 || d.Root.Kind != yaml.MappingNode {
		return nil, &cli.LocatedError{File: file, Line: d.Root.Line, Column: d.Root.Column, Message: "expected " + expected}
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return nil, d.decodeError(err, reflect.TypeOf(v))
	}
	return d, nil
}

// Errorf returns the error of field (a path such as runs[1].payload[0].mass; "" for the
// file as a whole) at the line and column of its key, or of the deepest enclosing field
// the file has.
func (d *Doc) Errorf(field, format string, args ...any) error {
	e := &cli.LocatedError{File: d.File, Field: field, Message: fmt.Sprintf(format, args...)}
	if n := d.Node(field); n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	return e
}

// Line returns the line of field's key (see Errorf), or 0 when the document is empty.
func (d *Doc) Line(field string) int {
	if n := d.Node(field); n != nil {
		return n.Line
	}
	return 0
}

// Node returns the key node of field (for a list item, the item), or that of the deepest
// enclosing field found, or the root.
func (d *Doc) Node(field string) *yaml.Node {
	if d == nil || d.Root == nil {
		return nil
	}
	val, at := d.Root, d.Root
	if field == "" {
		return at
	}
	for _, part := range strings.Split(field, ".") {
		key, rest, _ := strings.Cut(part, "[")
		next := (*yaml.Node)(nil)
		if val.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(val.Content); i += 2 {
				if val.Content[i].Value == key {
					next, at = val.Content[i+1], val.Content[i]
				}
			}
		}
		if next == nil {
			return at
		}
		val = next
		for rest != "" {
			idx, tail, _ := strings.Cut(rest, "]")
			rest = strings.TrimPrefix(tail, "[")
			i, err := strconv.Atoi(idx)
			if err != nil || val.Kind != yaml.SequenceNode || i < 0 || i >= len(val.Content) {
				return at
			}
			val = val.Content[i]
			at = val
		}
	}
	return at
}

// syntaxLine matches the "yaml: line N: message" form of the parser's errors.
var syntaxLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError locates a YAML syntax error.
func syntaxError(file string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	e := &cli.LocatedError{File: file, Message: "YAML syntax: " + msg}
	if m := syntaxLine.FindStringSubmatch(err.Error()); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		e.Message = "YAML syntax: " + m[2]
	}
	return e
}

// Patterns of the decoder's type errors.
var (
	unknownField = regexp.MustCompile(`^line (\d+): field (\S+) not found in type (\S+)$`)
	wrongType    = regexp.MustCompile("^line (\\d+): cannot unmarshal !!(\\w+) (`[^`]*`|)\\s*into (\\S+)$")
	// lineMessage is any other error a record's own decoder locates ("line N: ...").
	lineMessage = regexp.MustCompile(`^line (\d+): (.*)$`)
)

// tagNames name YAML node tags in errors.
var tagNames = map[string]string{"str": "the text", "int": "the integer", "float": "the number", "bool": "the boolean",
	"map": "a mapping", "seq": "a list", "null": "null"}

// decodeError turns the decoder's first error into a located error; root is the type
// decoded into (its records give an unknown field's valid keys).
func (d *Doc) decodeError(err error, root reflect.Type) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := unknownField.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		e := d.at(line, false, func(k *yaml.Node) bool { return k.Value == m[2] })
		e.Message = fmt.Sprintf("unknown field %q", m[2])
		if keys := recordKeys(root, m[3]); keys != nil {
			e.Message += " (valid: " + strings.Join(keys, ", ") + ")"
		}
		return e
	}
	if m := wrongType.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		e := d.at(line, m[2] == "map" || m[2] == "seq", nil)
		got := tagNames[m[2]]
		if got == "" {
			got = "!!" + m[2]
		}
		if v := strings.Trim(m[3], "`"); v != "" {
			got += " " + v
		}
		e.Message = fmt.Sprintf("wrong type: %s where %s is expected", got, kind(m[4]))
		return e
	}
	if m := lineMessage.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		e := d.at(line, false, nil)
		e.Message = m[2]
		return e
	}
	return &cli.LocatedError{File: d.File, Message: msg}
}

// at returns an error (without message) at the deepest field on line — the shallowest
// with shallow: a mapping or list that starts on the line is the value of its first key —
// whose key match accepts (nil: any). It has the line alone when no field matches.
func (d *Doc) at(line int, shallow bool, match func(k *yaml.Node) bool) *cli.LocatedError {
	e := &cli.LocatedError{File: d.File, Line: line}
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				p := k.Value
				if path != "" {
					p = path + "." + k.Value
				}
				if (k.Line == line || (match == nil && v.Line == line)) && (match == nil || match(k)) && !(shallow && e.Field != "") {
					e.Field, e.Column = p, k.Column
				}
				walk(v, p)
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				p := fmt.Sprintf("%s[%d]", path, i)
				if match == nil && c.Line == line && c.Kind == yaml.ScalarNode && !(shallow && e.Field != "") {
					e.Field, e.Column = p, c.Column
				}
				walk(c, p)
			}
		}
	}
	walk(d.Root, "")
	return e
}

// kind names the Go type a field decodes into in the file's terms.
func kind(t string) string {
	switch {
	case strings.HasPrefix(t, "["):
		return "a list"
	case strings.HasPrefix(t, "map["), strings.Contains(t, "."):
		return "a mapping"
	case strings.HasPrefix(t, "float"):
		return "a number"
	case strings.HasPrefix(t, "uint"):
		return "a non-negative integer"
	case strings.HasPrefix(t, "int"):
		return "an integer"
	case t == "bool":
		return "true or false"
	case t == "string":
		return "text"
	}
	return t
}

// recordKeys returns the sorted YAML keys of the struct type named name (as the decoder
// names it, e.g. taskfile.Controller) reachable from t, or nil.
func recordKeys(t reflect.Type, name string) []string {
	seen := map[reflect.Type]bool{}
	var find func(t reflect.Type) reflect.Type
	find = func(t reflect.Type) reflect.Type {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return nil
		}
		seen[t] = true
		if t.String() == name {
			return t
		}
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				if r := find(f.Type); r != nil {
					return r
				}
			}
		}
		return nil
	}
	if r := find(t); r != nil {
		return Keys(r)
	}
	return nil
}

// Keys returns the sorted YAML keys of the struct type t as the strict decoder accepts
// them (tag names, lower-cased field names without a tag, inline structs expanded).
func Keys(t reflect.Type) []string {
	var keys []string
	var collect func(t reflect.Type)
	collect = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := strings.Split(f.Tag.Get("yaml"), ",")
			switch {
			case slices.Contains(tag[1:], "inline"):
				collect(f.Type)
			case tag[0] == "-" || !f.IsExported():
			case tag[0] != "":
				keys = append(keys, tag[0])
			default:
				keys = append(keys, strings.ToLower(f.Name))
			}
		}
	}
	collect(t)
	slices.Sort(keys)
	return keys
}

package sweep

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler/internal/cli"
	"gopkg.in/yaml.v3"
)

// located returns the error of field (a dotted path such as "parameters[1].range") at
// node n of file (n nil: no line).
func located(file string, n *yaml.Node, field, format string, args ...any) error {
	e := &cli.LocatedError{File: file, Field: field, Message: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	return e
}

// syntaxLine matches the "yaml: line N: message" form of the YAML parser's errors.
var syntaxLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError locates a YAML syntax error.
func syntaxError(file string, err error) error {
	msg := err.Error()
	e := &cli.LocatedError{File: file, Message: "YAML syntax: " + msg}
	if m := syntaxLine.FindStringSubmatch(msg); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		e.Message = "YAML syntax: " + m[2]
	}
	return e
}

// Patterns of the decoder's type errors.
var (
	unknownField = regexp.MustCompile(`^line (\d+): field (\S+) not found in type (\S+)$`)
	badValue     = regexp.MustCompile(`^line (\d+): cannot unmarshal (\S+) (.*) into (\S+)$`)
)

// types are the record types of the sweep file by their Go names (for the valid keys of
// an unknown field's mapping).
var types = map[string]reflect.Type{}

func init() {
	for _, v := range []any{Sweep{}, Generator{}, Parameter{}, Range{}, Uniform{}, Normal{}, Run{},
		AssembleStep{}, CheckStep{}, SimulateStep{}, BenchStep{}} {
		t := reflect.TypeOf(v)
		types[t.String()] = t
	}
}

// keys returns the YAML keys of the struct type t, sorted.
func keys(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		if k := strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0]; k != "" && k != "-" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// decodeError turns the decoder's first error into a located error: the field's path,
// its line, and for an unknown field the valid keys.
func decodeError(file string, doc *yaml.Node, err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) || len(te.Errors) == 0 {
		return located(file, nil, "", "%v", err)
	}
	msg := te.Errors[0]
	if m := unknownField.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		path, n := find(doc, "", func(k, _ *yaml.Node) bool { return k.Line == line && k.Value == m[2] })
		valid := ""
		if t, ok := types[m[3]]; ok {
			valid = " (valid: " + strings.Join(keys(t), ", ") + ")"
		}
		e := &cli.LocatedError{File: file, Line: line, Field: path, Message: fmt.Sprintf("unknown field %q%s", m[2], valid)}
		if n != nil {
			e.Column = n.Column
		}
		return e
	}
	if m := badValue.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		value := strings.Trim(m[3], "`")
		path, n := find(doc, "", func(_, v *yaml.Node) bool {
			return v.Line == line && v.Kind == yaml.ScalarNode && v.Value == value
		})
		e := &cli.LocatedError{File: file, Line: line, Field: path,
			Message: fmt.Sprintf("%s %s is not a valid %s", strings.TrimPrefix(m[2], "!!"), m[3], goKind(m[4]))}
		if n != nil {
			e.Column = n.Column
		}
		return e
	}
	return located(file, nil, "", "%s", msg)
}

// goKind names a decoded Go type in the file's terms.
func goKind(t string) string {
	switch {
	case strings.HasPrefix(t, "float"):
		return "number"
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"):
		return "non-negative integer"
	case t == "bool":
		return "boolean (true or false)"
	case t == "string":
		return "string"
	case strings.HasPrefix(t, "[]"):
		return "list"
	}
	return "value of this field (" + t + ")"
}

// find walks the mapping and sequence nodes under n (whose path is prefix) and returns
// the path and key node of the first mapping entry (key, value) that match accepts;
// sequence items are matched with a nil key.
func find(n *yaml.Node, prefix string, match func(k, v *yaml.Node) bool) (string, *yaml.Node) {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			p := k.Value
			if prefix != "" {
				p = prefix + "." + k.Value
			}
			if match(k, v) {
				return p, k
			}
			if path, at := find(v, p, match); at != nil {
				return path, at
			}
		}
	case yaml.SequenceNode:
		for i, v := range n.Content {
			p := fmt.Sprintf("%s[%d]", prefix, i)
			if v.Kind == yaml.ScalarNode && match(&yaml.Node{Line: -1}, v) {
				return p, v
			}
			if path, at := find(v, p, match); at != nil {
				return path, at
			}
		}
	}
	return "", nil
}

// at returns the node at the path of mapping keys and sequence indices under n, or the
// deepest node found on the way (so an error about a missing key points at its parent).
func at(n *yaml.Node, path ...any) *yaml.Node {
	for _, p := range path {
		var next *yaml.Node
		switch key := p.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == key {
						next = n.Content[i+1]
						break
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && key < len(n.Content) {
				next = n.Content[key]
			}
		}
		if next == nil {
			return n
		}
		n = next
	}
	return n
}

// digest returns the hex SHA-256 of data.
func digest(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

package taskfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// File is a parsed task file with the positions of its fields.
type File struct {
	Spec
	// Path is the file as given, Dir its directory (relative paths in the file resolve
	// against it), Source its bytes (echoed into the output directory).
	Path, Dir string
	Source    []byte
	root      *yaml.Node
}

// Error is an invalid task file: the file, the line (0 when unknown), the field path
// (e.g. runs[1].payload[0].mass) and what is wrong or expected.
type Error struct {
	File  string
	Line  int
	Field string
	Msg   string
}

// Error implements error.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Field != "" {
		b.WriteString(": " + e.Field)
	}
	return b.String() + ": " + e.Msg
}

// ParseFile reads and checks the task file at path.
func ParseFile(path string) (*File, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, src)
}

// Parse reads and checks a task file's bytes; path names it in errors and gives the
// directory relative paths resolve against.
func Parse(path string, src []byte) (*File, error) {
	f := &File{Path: path, Dir: filepath.Dir(path), Source: src}
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		return nil, f.yamlError(err)
	}
	if len(root.Content) == 0 {
		return nil, &Error{File: path, Msg: "empty task file; expected a mapping with model, duration, step, ..."}
	}
	f.root = root.Content[0]
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&f.Spec); err != nil && !errors.Is(err, io.EOF) {
		return nil, f.yamlError(err)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	return f, nil
}

var (
	yamlLine = regexp.MustCompile(`line (\d+): (.*)`)
	yamlType = regexp.MustCompile("cannot unmarshal !!(\\w+) (`[^`]*`|)\\s*into (\\S+)")
)

// yamlKinds name YAML node tags in errors.
var yamlKinds = map[string]string{"str": "the text", "int": "the integer", "float": "the number", "bool": "the boolean",
	"map": "a mapping", "seq": "a list", "null": "null"}

// goKind names the Go type a field decodes into in the user's terms.
func goKind(t string) string {
	switch {
	case strings.HasPrefix(t, "[]") || strings.HasPrefix(t, "[3]"):
		return "a list"
	case strings.HasPrefix(t, "map["), strings.HasPrefix(t, "taskfile."):
		return "a mapping"
	case t == "float64":
		return "a number"
	case t == "int":
		return "an integer"
	case t == "bool":
		return "true or false"
	case t == "string":
		return "text"
	}
	return t
}

// yamlError turns a YAML decoding error into an Error with the line and field.
func (f *File) yamlError(err error) error {
	var te *yaml.TypeError
	msg := err.Error()
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	e := &Error{File: f.Path, Msg: msg}
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		e.Msg = m[2]
		m := yamlType.FindStringSubmatch(e.Msg)
		e.Field = f.fieldAtLine(e.Line, m != nil && (m[1] == "map" || m[1] == "seq"))
		if k := strings.Index(e.Msg, "field "); k >= 0 && strings.Contains(e.Msg, "not found in type") {
			name := strings.Fields(e.Msg[k+6:])[0]
			e.Msg = fmt.Sprintf("unknown field %q (see docs/task-format.md for the fields of this record)", name)
		} else if m != nil {
			got := yamlKinds[m[1]]
			if v := strings.Trim(m[2], "`"); v != "" {
				got += " " + v
			}
			e.Msg = fmt.Sprintf("wrong type: %s where %s is expected", got, goKind(m[3]))
		}
	}
	return e
}

// fieldAtLine returns the path of the deepest key on line n (the shallowest with
// shallow: a mapping or list that starts on the line is the value of its first key), or "".
func (f *File) fieldAtLine(n int, shallow bool) string {
	if f.root == nil {
		return ""
	}
	best := ""
	var walk func(nd *yaml.Node, path string)
	walk = func(nd *yaml.Node, path string) {
		switch nd.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(nd.Content); i += 2 {
				k, v := nd.Content[i], nd.Content[i+1]
				p := joinField(path, k.Value)
				if (k.Line == n || v.Line == n) && !(shallow && best != "") {
					best = p
				}
				walk(v, p)
			}
		case yaml.SequenceNode:
			for i, c := range nd.Content {
				p := fmt.Sprintf("%s[%d]", path, i)
				if c.Line == n && c.Kind == yaml.ScalarNode && !(shallow && best != "") {
					best = p
				}
				walk(c, p)
			}
		}
	}
	walk(f.root, "")
	return best
}

func joinField(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Line returns the line of the field path (as in Error.Field: a.b[2].c), or of the
// deepest enclosing field found, or 0.
func (f *File) Line(field string) int {
	if f.root == nil {
		return 0
	}
	nd, line := f.root, f.root.Line
	for _, part := range strings.Split(field, ".") {
		key, idx := part, -1
		if i := strings.IndexByte(part, '['); i >= 0 {
			key = part[:i]
			idx, _ = strconv.Atoi(strings.TrimSuffix(part[i+1:], "]"))
		}
		next := (*yaml.Node)(nil)
		if nd.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(nd.Content); i += 2 {
				if nd.Content[i].Value == key {
					next, line = nd.Content[i+1], nd.Content[i].Line
				}
			}
		}
		if next == nil {
			return line
		}
		nd = next
		if idx >= 0 {
			if nd.Kind != yaml.SequenceNode || idx >= len(nd.Content) {
				return line
			}
			nd = nd.Content[idx]
			line = nd.Line
		}
	}
	return line
}

// Errorf returns an Error at field with the formatted message.
func (f *File) Errorf(field, format string, args ...any) error {
	return &Error{File: f.Path, Line: f.Line(field), Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Resolve returns a path named in the file, relative to the file's directory unless
// absolute.
func (f *File) Resolve(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(f.Dir, p)
}

// UnmarshalYAML reads a partition request: a name or a list of joint ids.
func (p *Partition) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		return n.Decode(&p.Name)
	case yaml.SequenceNode:
		return n.Decode(&p.Joints)
	}
	return fmt.Errorf("line %d: partition: expected a request name or a list of joint ids", n.Line)
}

// IsZero reports an unset partition (automatic).
func (p Partition) IsZero() bool { return p.Name == "" && len(p.Joints) == 0 }

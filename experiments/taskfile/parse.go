package taskfile

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/internal/yamlfile"
	"gopkg.in/yaml.v3"
)

// File is a parsed task file with the positions of its fields.
type File struct {
	Spec
	// Path is the file as given, Dir its directory (relative paths in the file resolve
	// against it), Source its bytes (echoed into the output directory).
	Path, Dir string
	Source    []byte
	doc       *yamlfile.Doc
}

// Error is an invalid task file: the file, the line and column (0 when unknown), the
// field path (e.g. runs[1].payload[0].mass) and what is wrong or expected.
type Error = cli.LocatedError

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
	doc, err := yamlfile.Decode(path, src, &f.Spec, "a task file: a mapping with model, duration, step, ... (docs/task-format.md)")
	if err != nil {
		return nil, err
	}
	f.doc = doc
	if err := f.check(); err != nil {
		return nil, err
	}
	return f, nil
}

// Line returns the line of the field path (as in Error.Field: a.b[2].c), or of the
// deepest enclosing field found, or 0.
func (f *File) Line(field string) int { return f.doc.Line(field) }

// Errorf returns an Error at field with the formatted message.
func (f *File) Errorf(field, format string, args ...any) error {
	return f.doc.Errorf(field, format, args...)
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

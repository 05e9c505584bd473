package mjcf

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/robocompiler/robocompiler/internal/xmltree"
)

// maxIncludeDepth bounds include nesting (a cycle is caught earlier, as a repeat).
const maxIncludeDepth = 64

// maxFileSize bounds the size of any file read by the importer (bytes).
const maxFileSize = 256 << 20

// includer expands <include file="..."/> elements in place, as MuJoCo does before
// parsing: the included file's root element is dropped and its children take the
// include's place, wherever the include sits (top level, <asset>, <worldbody>, a body,
// ...). A path is resolved relative to the directory of the including file, falling
// back to the main model's directory (MuJoCo's documented rule); a file may be included
// only once in a model.
type includer struct {
	mainDir string
	seen    map[string]string // absolute path → where it was first included
}

// readModelFile reads a regular file of bounded size.
func readModelFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	if st.Size() > maxFileSize {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, maxFileSize)
	}
	return os.ReadFile(path)
}

// resolve finds the file named by an include in dir (the including file's directory)
// or, failing that, in the main model's directory.
func (inc *includer) resolve(file, dir string) (string, error) {
	if filepath.IsAbs(file) {
		return file, nil
	}
	cands := []string{filepath.Join(dir, file)}
	if alt := filepath.Join(inc.mainDir, file); alt != cands[0] {
		cands = append(cands, alt)
	}
	for _, c := range cands {
		if _, err := os.Stat(c); err == nil {
			return c, nil
		}
	}
	if len(cands) == 2 {
		return "", fmt.Errorf("file not found (looked for %s and %s)", cands[0], cands[1])
	}
	return "", fmt.Errorf("file not found (looked for %s)", cands[0])
}

// expand replaces the include elements below n (n's file lives in dir).
func (inc *includer) expand(n *node, dir string, depth int) error {
	if depth > maxIncludeDepth {
		return errAt(n, "", "includes nested more than %d deep", maxIncludeDepth)
	}
	out := make([]*node, 0, len(n.Children))
	for _, c := range n.Children {
		if c.Tag != "include" {
			if err := inc.expand(c, dir, depth); err != nil {
				return err
			}
			out = append(out, c)
			continue
		}
		kids, err := inc.load(c, dir, depth)
		if err != nil {
			return err
		}
		out = append(out, kids...)
	}
	n.Children = out
	return nil
}

// load reads, parses and expands the file named by include element c and returns the
// children of its root element.
func (inc *includer) load(c *node, dir string, depth int) ([]*node, error) {
	for _, a := range c.Attrs {
		if q := xmltree.Qualified(a.Name); q != "file" {
			return nil, errAt(c, q, "unknown attribute of <include>: only file is allowed")
		}
	}
	file, ok := c.Attr("file")
	if !ok || file == "" {
		return nil, errAt(c, "file", "required attribute missing")
	}
	path, err := inc.resolve(file, dir)
	if err != nil {
		return nil, errAt(c, "file", "%v", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	if first, dup := inc.seen[abs]; dup {
		return nil, errAt(c, "file", "%s is included more than once (first at %s); MuJoCo allows each file once", path, first)
	}
	inc.seen[abs] = location(c.File, c.Line)
	data, err := readModelFile(path)
	if err != nil {
		return nil, errAt(c, "file", "cannot read included file: %v", err)
	}
	root, err := parseXML(data, path)
	if err != nil {
		return nil, err
	}
	if err := inc.expand(root, filepath.Dir(path), depth+1); err != nil {
		return nil, err
	}
	if len(root.Children) == 0 {
		return nil, errAt(c, "file", "included file %s has no elements below its root <%s>", path, root.Tag)
	}
	return root.Children, nil
}

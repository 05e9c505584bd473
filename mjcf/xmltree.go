package mjcf

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler/internal/xmltree"
)

// node is one MJCF element as read by package xmltree: attributes in document order,
// child elements, and the file and line of its start tag.
type node = xmltree.Node

// errAt returns an *Error located at n, about attribute attr (may be empty).
func errAt(n *node, attr, format string, args ...any) *Error {
	return &Error{File: n.File, Line: n.Line, Element: n.Tag, Name: n.Name(), Attr: attr, Msg: fmt.Sprintf(format, args...)}
}

// where formats the element's location and label for warnings.
func where(n *node) string {
	return location(n.File, n.Line) + " " + elementLabel(n.Tag, n.Name())
}

// parseXML reads one XML document into a node tree; malformed documents are reported
// as *Error with the file and line.
func parseXML(data []byte, file string) (*node, error) {
	root, err := xmltree.Parse(data, file)
	var xe *xmltree.Error
	if errors.As(err, &xe) {
		return nil, &Error{File: xe.File, Line: xe.Line, Element: xe.Element, Name: xe.Name, Attr: xe.Attr, Msg: xe.Msg}
	}
	return root, err
}

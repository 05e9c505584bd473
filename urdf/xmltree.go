package urdf

import (
	"errors"

	"github.com/robocompiler/robocompiler/internal/xmltree"
)

// node is one URDF element as read by package xmltree: attributes in document order,
// child elements, and the line of its start tag.
type node = xmltree.Node

// parseXML reads one XML document into a node tree; malformed documents are reported
// as *Error with the file and line.
func parseXML(data []byte, file string) (*node, error) {
	root, err := xmltree.Parse(data, file)
	var xe *xmltree.Error
	if errors.As(err, &xe) {
		return nil, &Error{File: xe.File, Line: xe.Line, Element: xe.Element, Attr: xe.Attr, Msg: xe.Msg}
	}
	return root, err
}

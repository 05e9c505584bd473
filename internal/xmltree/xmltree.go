// Package xmltree reads an XML document into a tree of elements that keeps each
// element's attributes in document order and the file and line of its start tag. It is
// the common reader of the MJCF and URDF importers, whose formats carry their data in
// attributes: text content is discarded.
package xmltree

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// Node is one XML element: its qualified tag, its attributes in document order, its
// child elements, and the file and 1-based line where its start tag begins.
type Node struct {
	Tag      string
	Attrs    []xml.Attr
	Children []*Node
	File     string
	Line     int
}

// Attr returns the value of the un-namespaced attribute k and whether it is present.
func (n *Node) Attr(k string) (string, bool) {
	for _, a := range n.Attrs {
		if a.Name.Space == "" && a.Name.Local == k {
			return a.Value, true
		}
	}
	return "", false
}

// Name returns the element's name attribute ("" when absent).
func (n *Node) Name() string {
	v, _ := n.Attr("name")
	return v
}

// Child returns the first child element with the given tag, or nil.
func (n *Node) Child(tag string) *Node {
	for _, c := range n.Children {
		if c.Tag == tag {
			return c
		}
	}
	return nil
}

// Qualified returns a name as written, with its namespace prefix if any.
func Qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// Error is a malformed document: the file, the line (0 when unknown), the element and
// attribute at fault when known, and what is wrong. Importers convert it into their own
// error type.
type Error struct {
	File    string
	Line    int
	Element string // qualified tag, when the fault is in one element
	Name    string // that element's name attribute, if any
	Attr    string // qualified attribute name, when the fault is in one attribute
	Msg     string // starts with "malformed XML: "
}

// Error formats the error as "file:line: <element> attribute "a": message".
func (e *Error) Error() string {
	s := e.File
	if e.Line > 0 {
		s = fmt.Sprintf("%s:%d", s, e.Line)
	}
	switch {
	case e.Name != "":
		s += fmt.Sprintf(" <%s name=%q>", e.Element, e.Name)
	case e.Element != "":
		s += " <" + e.Element + ">"
	}
	if e.Attr != "" {
		s += fmt.Sprintf(" attribute %q", e.Attr)
	}
	return s + ": " + e.Msg
}

// Parse reads one XML document into a node tree; file names the document in the nodes
// and in errors. Syntax errors, duplicate attributes and documents without exactly one
// root element are reported as *Error.
func Parse(data []byte, file string) (*Node, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var root *Node
	var stack []*Node
	for {
		line, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &Error{File: file, Line: se.Line, Msg: "malformed XML: " + se.Msg}
			}
			l, _ := d.InputPos()
			return nil, &Error{File: file, Line: l, Msg: "malformed XML: " + err.Error()}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &Node{Tag: Qualified(t.Name), File: file, Line: line, Attrs: make([]xml.Attr, 0, len(t.Attr))}
			seen := make(map[string]bool, len(t.Attr))
			for _, a := range t.Attr {
				q := Qualified(a.Name)
				if seen[q] {
					return nil, &Error{File: file, Line: line, Element: n.Tag, Name: n.Name(), Attr: q, Msg: "malformed XML: duplicate attribute"}
				}
				seen[q] = true
				n.Attrs = append(n.Attrs, xml.Attr{Name: a.Name, Value: a.Value})
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, &Error{File: file, Line: line, Msg: fmt.Sprintf("malformed XML: second root element <%s>", n.Tag)}
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) > 0 { // the decoder rejects unmatched end tags; guard anyway
				stack = stack[:len(stack)-1]
			}
		}
	}
	if root == nil {
		return nil, &Error{File: file, Msg: "malformed XML: no root element"}
	}
	if len(stack) != 0 {
		l, _ := d.InputPos()
		return nil, &Error{File: file, Line: l, Msg: fmt.Sprintf("malformed XML: element <%s> is not closed", stack[len(stack)-1].Tag)}
	}
	return root, nil
}

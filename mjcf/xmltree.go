package mjcf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// node is one XML element with its attributes in document order, its child elements
// and the file and line where its start tag begins. Text content is discarded: MJCF
// carries everything in attributes.
type node struct {
	Tag      string
	Attrs    []xml.Attr
	Children []*node
	File     string
	Line     int
}

// attr returns the value of attribute k and whether it is present.
func (n *node) attr(k string) (string, bool) {
	for _, a := range n.Attrs {
		if a.Name.Local == k && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}

// name returns the element's name attribute ("" when absent).
func (n *node) name() string {
	v, _ := n.attr("name")
	return v
}

// errf returns an *Error located at n, about attribute attr (may be empty).
func (n *node) errf(attr, format string, args ...any) *Error {
	return &Error{File: n.File, Line: n.Line, Element: n.Tag, Name: n.name(), Attr: attr, Msg: fmt.Sprintf(format, args...)}
}

// where formats the element's location and label for warnings.
func (n *node) where() string {
	return location(n.File, n.Line) + " " + elementLabel(n.Tag, n.name())
}

// qualified returns a name as written, with its namespace prefix if any.
func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// parseXML reads one XML document into a node tree. Syntax errors name the file and
// line; duplicate attributes and documents without exactly one root element are
// rejected.
func parseXML(data []byte, file string) (*node, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var root *node
	var stack []*node
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
			n := &node{Tag: qualified(t.Name), File: file, Line: line}
			seen := make(map[string]bool, len(t.Attr))
			for _, a := range t.Attr {
				q := qualified(a.Name)
				if seen[q] {
					return nil, n.errf(q, "malformed XML: duplicate attribute")
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
			if len(stack) > 0 {
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

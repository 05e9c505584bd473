package urdf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// node is one XML element with its attributes, child elements and the line where its
// start tag begins; text content is discarded (URDF carries data in attributes).
type node struct {
	Tag      string
	Attrs    []xml.Attr
	Children []*node
	Line     int
}

// attr returns the value of attribute k and whether it is present.
func (n *node) attr(k string) (string, bool) {
	for _, a := range n.Attrs {
		if a.Name.Space == "" && a.Name.Local == k {
			return a.Value, true
		}
	}
	return "", false
}

// child returns the first child element with the given tag, or nil.
func (n *node) child(tag string) *node {
	for _, c := range n.Children {
		if c.Tag == tag {
			return c
		}
	}
	return nil
}

// qualified returns a name with its namespace prefix, if any.
func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// parseXML reads one XML document into a node tree; syntax errors carry the line.
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
			n := &node{Tag: qualified(t.Name), Line: line}
			seen := map[string]bool{}
			for _, a := range t.Attr {
				q := qualified(a.Name)
				if seen[q] {
					return nil, &Error{File: file, Line: line, Element: n.Tag, Attr: q, Msg: "malformed XML: duplicate attribute"}
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

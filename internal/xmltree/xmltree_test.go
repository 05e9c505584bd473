package xmltree

import (
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	doc := "<?xml version=\"1.0\"?>\n<!-- c -->\n<a name=\"top\" x:k=\"1\" k=\"2\">text\n  <b/>\n  <c name=\"one\">\n    <b k=\"3\"/>\n  </c>\n  <b k=\"4\"/>\n</a>\n"
	n, err := Parse([]byte(doc), "f.xml")
	if err != nil {
		t.Fatal(err)
	}
	if n.Tag != "a" || n.Name() != "top" || n.File != "f.xml" || n.Line != 3 || len(n.Children) != 3 {
		t.Fatalf("root %+v", n)
	}
	if len(n.Attrs) != 3 || Qualified(n.Attrs[1].Name) != "x:k" {
		t.Errorf("attributes %v, want document order with the prefix kept", n.Attrs)
	}
	if v, ok := n.Attr("k"); !ok || v != "2" {
		t.Errorf("Attr(k) = %q, %v: want the un-namespaced 2", v, ok)
	}
	if _, ok := n.Attr("missing"); ok {
		t.Error("Attr(missing) found")
	}
	if b := n.Child("b"); b != n.Children[0] || b.Line != 4 {
		t.Errorf("Child(b) = %+v, want the first <b> on line 4", b)
	}
	if c := n.Child("c"); c.Name() != "one" || c.Children[0].Line != 6 {
		t.Errorf("<c> %+v", c)
	}
	if n.Child("d") != nil || n.Children[0].Name() != "" {
		t.Error("absent child or name found")
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		doc, want string
		line      int
	}{
		{"<a>\n<b></a>", "malformed XML", 2},
		{"<a>\n<b name=\"n\" k=\"1\" k=\"2\"/></a>", `f.xml:2 <b name="n"> attribute "k": malformed XML: duplicate attribute`, 2},
		{"<a/>\n<b/>", "second root element <b>", 2},
		{"<!-- only a comment -->", "no root element", 0},
		{"<a>\n<b>", "malformed XML", 2},
	}
	for _, tc := range cases {
		_, err := Parse([]byte(tc.doc), "f.xml")
		var e *Error
		if !errors.As(err, &e) || e.File != "f.xml" || e.Line != tc.line || !strings.Contains(e.Error(), tc.want) {
			t.Errorf("%q: error %v (%+v), want line %d and %q", tc.doc, err, e, tc.line, tc.want)
		}
	}
}

package cmg

import (
	"bytes"
	"encoding/json"
	"maps"
)

// Marshal encodes g as indented JSON in a deterministic layout: fields in the order of
// the Go types, map keys sorted, two-space indentation, arrays of numbers or strings on
// one line, and a final newline. Parse(g.Marshal()) gives back an equal graph.
func (g *Graph) Marshal() ([]byte, error) {
	c := *g
	// Required arrays are written even when empty, and empty seeds as {}, so that the
	// output conforms to Schema.
	if c.Bodies == nil {
		c.Bodies = []Body{}
	}
	if c.Joints == nil {
		c.Joints = []Joint{}
	}
	if len(g.Seeds) > 0 {
		c.Seeds = maps.Clone(g.Seeds)
		for name, s := range c.Seeds {
			if s == nil {
				c.Seeds[name] = map[string]Values{}
			}
		}
	}
	var compact bytes.Buffer
	enc := json.NewEncoder(&compact)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&c); err != nil {
		return nil, err
	}
	root, serr := parseJSONTree(compact.Bytes())
	if serr != nil {
		return nil, &FieldError{File: g.Source, Message: "internal error re-reading the encoding: " + serr.msg}
	}
	var out bytes.Buffer
	writeIndented(&out, root, "", 0)
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// lineWidth is the width within which Marshal keeps a nested object or array on one line.
const lineWidth = 100

// writeIndented writes n with two-space indentation. A nested object or array that fits
// on its line (col is the column where it starts) is written on one line; the root is
// always expanded.
func writeIndented(b *bytes.Buffer, n *jsonNode, indent string, col int) {
	if n.raw != nil {
		b.Write(n.raw)
		return
	}
	if len(n.kids) == 0 {
		b.WriteString(map[jsonKind]string{jsonObject: "{}", jsonArray: "[]"}[n.kind])
		return
	}
	if indent != "" {
		var one bytes.Buffer
		writeOneLine(&one, n)
		if col+one.Len() < lineWidth {
			b.Write(one.Bytes())
			return
		}
	}
	open, close := "[", "]"
	if n.kind == jsonObject {
		open, close = "{", "}"
	}
	inner := indent + "  "
	b.WriteString(open + "\n")
	for i, e := range n.kids {
		b.WriteString(inner)
		start := b.Len()
		if n.kind == jsonObject {
			writeString(b, n.keys[i])
			b.WriteString(": ")
		}
		writeIndented(b, e, inner, len(inner)+b.Len()-start)
		if i < len(n.kids)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent + close)
}

// writeOneLine writes n on one line, with ", " and ": " separators.
func writeOneLine(b *bytes.Buffer, n *jsonNode) {
	if n.raw != nil {
		b.Write(n.raw)
		return
	}
	open, close := "[", "]"
	if n.kind == jsonObject {
		open, close = "{", "}"
	}
	b.WriteString(open)
	for i, e := range n.kids {
		if i > 0 {
			b.WriteString(", ")
		}
		if n.kind == jsonObject {
			writeString(b, n.keys[i])
			b.WriteString(": ")
		}
		writeOneLine(b, e)
	}
	b.WriteString(close)
}

// writeString writes s as a JSON string without HTML escaping.
func writeString(b *bytes.Buffer, s string) {
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // encoding a string cannot fail
	b.Write(bytes.TrimSuffix(tmp.Bytes(), []byte{'\n'}))
}

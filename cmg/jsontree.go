package cmg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// jsonKind is the kind of a JSON value.
type jsonKind uint8

const (
	jsonObject jsonKind = iota
	jsonArray
	jsonString
	jsonNumber
	jsonBool
	jsonNull
)

// String names the kind as JSON Schema's "type" keyword does.
func (k jsonKind) String() string {
	return [...]string{"object", "array", "string", "number", "boolean", "null"}[k]
}

// jsonNode is a JSON value with the byte offsets of itself and of its object keys, so
// that problems found in a document can be reported at a line and column.
type jsonNode struct {
	kind   jsonKind
	off    int         // offset of the first byte of the value
	raw    []byte      // scalars: the literal as written
	str    string      // strings: the decoded value
	keys   []string    // objects: keys in document order (duplicates kept)
	keyOff []int       // objects: offset of each key
	kids   []*jsonNode // object values parallel to keys, or array elements
}

// child returns the value of key in an object and the key's offset (the last one if the
// key is repeated), or nil.
func (n *jsonNode) child(key string) (*jsonNode, int) {
	if n == nil || n.kind != jsonObject {
		return nil, 0
	}
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == key {
			return n.kids[i], n.keyOff[i]
		}
	}
	return nil, 0
}

// locate returns the offset of the value at path: the key's offset when the path ends in
// an object key, else the deepest value the path reaches.
func (n *jsonNode) locate(path []any) int {
	off := n.off
	for _, p := range path {
		var next *jsonNode
		switch p := p.(type) {
		case string:
			var keyOff int
			next, keyOff = n.child(p)
			if next != nil {
				off = keyOff
			}
		case int:
			if n.kind == jsonArray && p >= 0 && p < len(n.kids) {
				next = n.kids[p]
				off = next.off
			}
		}
		if next == nil {
			return off
		}
		n = next
	}
	return off
}

// syntaxError is malformed JSON at a byte offset.
type syntaxError struct {
	off int
	msg string
}

// parseJSONTree reads one JSON value, and nothing after it, into a tree of jsonNodes.
func parseJSONTree(data []byte) (*jsonNode, *syntaxError) {
	p := treeParser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	root, err := p.value()
	if err == nil {
		off := p.next()
		if _, e := p.dec.Token(); e != io.EOF {
			return nil, &syntaxError{off, "unexpected data after the top-level value; a CMG file holds exactly one JSON object"}
		}
		return root, nil
	}
	return nil, p.syntaxError(err)
}

// treeParser builds jsonNodes from the tokens of a json.Decoder.
type treeParser struct {
	data []byte
	dec  *json.Decoder
}

// next returns the offset of the next token: the decoder's offset past separators.
func (p *treeParser) next() int {
	off := int(p.dec.InputOffset())
	for off < len(p.data) {
		switch p.data[off] {
		case ' ', '\t', '\n', '\r', ':', ',':
			off++
			continue
		}
		break
	}
	return off
}

// value reads one value starting at the next token.
func (p *treeParser) value() (*jsonNode, error) {
	off := p.next()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, err
	}
	n := &jsonNode{off: off}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n.kind = jsonObject
			for p.dec.More() {
				koff := p.next()
				k, err := p.dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := k.(string)
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, key)
				n.keyOff = append(n.keyOff, koff)
				n.kids = append(n.kids, v)
			}
		case '[':
			n.kind = jsonArray
			for p.dec.More() {
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.kids = append(n.kids, v)
			}
		}
		if _, err := p.dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		n.kind, n.str = jsonString, t
	case json.Number:
		n.kind = jsonNumber
	case bool:
		n.kind = jsonBool
	case nil:
		n.kind = jsonNull
	}
	n.raw = p.data[off:int(p.dec.InputOffset())]
	return n, nil
}

// syntaxError locates a decoder error. The decoder's own offsets point near, not at,
// the offending byte, so the input is scanned again with json.Unmarshal, whose
// SyntaxError.Offset is one past it.
func (p *treeParser) syntaxError(err error) *syntaxError {
	var se *json.SyntaxError
	if errors.As(json.Unmarshal(p.data, new(json.RawMessage)), &se) {
		if se.Offset >= int64(len(p.data)) && strings.Contains(se.Error(), "unexpected end") {
			return &syntaxError{len(p.data), incomplete}
		}
		return &syntaxError{max(int(se.Offset)-1, 0), "malformed JSON: " + se.Error()}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &syntaxError{len(p.data), incomplete}
	}
	return &syntaxError{p.next(), fmt.Sprintf("malformed JSON: %v", err)}
}

// incomplete explains a document that ends early.
const incomplete = "malformed JSON: the input ends before the value is complete (a missing closing bracket, brace or quote?)"

// lineColumn converts a byte offset in data to a 1-based line and a 1-based column
// counted in characters.
func lineColumn(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	head := data[:off]
	line = 1 + bytes.Count(head, []byte{'\n'})
	start := bytes.LastIndexByte(head, '\n') + 1
	return line, 1 + utf8.RuneCount(head[start:])
}

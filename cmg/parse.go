package cmg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// LoadFile reads and parses the CMG JSON file at path (see Parse).
func LoadFile(path string) (*Graph, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse decodes a CMG JSON document strictly and validates it. source names the document
// in error messages (usually its path) and becomes Graph.Source. Every problem is
// returned as Errors, located by line and column: malformed JSON; fields the format does
// not have (derived structure such as "tree" or "cuts" included); values of the wrong
// type or length; and everything Validate reports. On error the graph is nil.
func Parse(data []byte, source string) (*Graph, error) {
	root, serr := parseJSONTree(data)
	if serr != nil {
		line, col := lineColumn(data, serr.off)
		return nil, Errors{{File: source, Message: serr.msg, Line: line, Column: col}}
	}
	if errs := shapeErrors(data, root, source, false); len(errs) > 0 {
		return nil, errs
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var g Graph
	if err := dec.Decode(&g); err != nil {
		// The shape check above admits only documents that decode; this is a safety net.
		return nil, Errors{decodeError(data, source, err)}
	}
	g.Source = source
	err := g.Validate()
	if err == nil {
		return &g, nil
	}
	var errs Errors
	errors.As(err, &errs)
	for _, e := range errs {
		if e.path != nil {
			e.Line, e.Column = lineColumn(data, root.locate(e.path))
		}
	}
	return nil, errs
}

// decodeError converts an encoding/json error into a located FieldError.
func decodeError(data []byte, source string, err error) *FieldError {
	e := &FieldError{File: source, Message: "cannot decode: " + err.Error()}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	off := -1
	switch {
	case errors.As(err, &se):
		off = int(se.Offset) - 1
	case errors.As(err, &te):
		off = int(te.Offset) - 1
		e.Field = te.Field
		e.Message = fmt.Sprintf("expected %s, got JSON %s", te.Type, te.Value)
	}
	if off >= 0 {
		e.Line, e.Column = lineColumn(data, off)
	}
	return e
}

// derivedKeys are top-level keys of structure that the compiler derives, with what each
// one is, for the message that rejects them.
var derivedKeys = map[string]string{
	"tree":             "the spanning tree",
	"spanning_tree":    "the spanning tree",
	"forest":           "the spanning forest",
	"cuts":             "the cut joints",
	"chords":           "the cut joints (chords)",
	"cut_joints":       "the cut joints",
	"paths":            "the closure paths",
	"closure_paths":    "the closure paths",
	"modules":          "the dependency modules",
	"coordinates":      "the coordinate charts",
	"coordinate_order": "the coordinate order",
	"partition":        "the independent/dependent partition",
	"plan":             "the evaluation plan",
}

// topLevelUnknown explains an unknown top-level key: derived structure is rejected with
// where steering belongs instead; other keys keep the generic message.
func topLevelUnknown(key, generic string) string {
	what, derived := derivedKeys[strings.ToLower(key)]
	if !derived {
		return generic
	}
	return fmt.Sprintf("%q is derived structure (%s), which the compiler generates from the physical records; "+
		"remove it, and steer the compiler with \"hints\" (\"tree_joints\" / \"cut_joints\", naming existing moving joints) "+
		"or declare closures that are not joints in \"loop_cuts\"", key, what)
}

package cmg

import (
	"fmt"
	"strconv"
	"strings"
)

// A path is the JSON path of a value in a graph document: object keys (string) and array
// indices (int) from the root. Errors carry one so that Parse can locate them in the text,
// and FieldError's Record and Field are derived from it by describePath.

// recordKinds maps the top-level arrays of records to the kind that names one record.
var recordKinds = map[string]string{
	"bodies":    "body",
	"joints":    "joint",
	"loop_cuts": "loop_cut",
	"couplings": "coupling",
	"actuators": "actuator",
	"sites":     "site",
}

// namedKinds maps the top-level objects whose keys name records to that record kind.
var namedKinds = map[string]string{
	"seeds":              "seed",
	"partition_requests": "partition_request",
}

// blockRecords are top-level objects reported as one record named after their key.
var blockRecords = map[string]bool{"hints": true, "branch_window": true, "scales": true}

// describePath splits a path into FieldError's Record and Field. idOf returns the id of
// element i of a record array (empty when it has none).
func describePath(path []any, idOf func(section string, i int) string) (record, field string) {
	if len(path) == 0 {
		return "", ""
	}
	top, _ := path[0].(string)
	switch {
	case recordKinds[top] != "" && len(path) >= 2:
		i, ok := path[1].(int)
		if !ok {
			break
		}
		if id := idOf(top, i); id != "" {
			record = RecordName(recordKinds[top], id)
		} else {
			record = fmt.Sprintf("%s[%d]", top, i)
		}
		return record, fieldString(path[2:])
	case namedKinds[top] != "" && len(path) >= 2:
		name, ok := path[1].(string)
		if !ok {
			break
		}
		return RecordName(namedKinds[top], name), fieldString(path[2:])
	case blockRecords[top] && len(path) >= 2:
		return top, fieldString(path[1:])
	}
	return "", fieldString(path)
}

// fieldString renders a path inside a record: keys joined by dots, indices in brackets,
// e.g. "frame_a.quat" or "limits.lower[1]".
func fieldString(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch p := p.(type) {
		case int:
			b.WriteString("[" + strconv.Itoa(p) + "]")
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(p)
		}
	}
	return b.String()
}

// pathString renders a whole path as a JSON pointer, e.g. "/joints/2/axis".
func pathString(path []any) string {
	if len(path) == 0 {
		return "/"
	}
	var b strings.Builder
	for _, p := range path {
		b.WriteByte('/')
		switch p := p.(type) {
		case int:
			b.WriteString(strconv.Itoa(p))
		case string:
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1"))
		}
	}
	return b.String()
}

// appendPath returns a new path: path followed by more (never aliasing path's array).
func appendPath(path []any, more ...any) []any {
	out := make([]any, 0, len(path)+len(more))
	return append(append(out, path...), more...)
}

package cmg

import (
	"fmt"
	"strconv"
	"strings"
)

// FieldError is one problem in a mechanism graph, located by file, record and field, with
// a message that says what would be valid. Record names the record as its kind and quoted
// id (see RecordName), e.g. `joint "j3"`; it is empty for top-level fields. Field is the
// path inside the record, e.g. "frame_a.quat" or "limits.lower[1]". Line and Column
// (1-based; Column counts characters) are set when the graph was parsed from text and the
// problem could be located; 0 otherwise.
type FieldError struct {
	File, Record, Field, Message string
	Line, Column                 int

	// path is the JSON path of the offending value, used to locate it in the source text.
	path []any
}

// Error formats the problem as `file:line:col: record field "f": message`, leaving out
// the parts that are unknown.
func (e *FieldError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
		}
		b.WriteString(": ")
	}
	if e.Record != "" {
		b.WriteString(e.Record)
		if e.Field != "" {
			b.WriteByte(' ')
		}
	}
	if e.Field != "" {
		b.WriteString("field ")
		b.WriteString(strconv.Quote(e.Field))
	}
	if e.Record != "" || e.Field != "" {
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	return b.String()
}

// Errors is every problem found in a graph, in a deterministic order: by the record they
// concern, in document order (top-level fields first), and within a record in the order
// of the checks. Functions return a non-empty Errors or a nil error.
type Errors []*FieldError

// Error lists the problems, one per line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap exposes the individual problems to errors.Is and errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// err returns es as an error, or nil when it is empty.
func (es Errors) err() error {
	if len(es) == 0 {
		return nil
	}
	return es
}

// RecordName names a record for FieldError.Record: its kind and quoted id, e.g.
// RecordName("joint", "j3") is `joint "j3"`.
func RecordName(kind, id string) string { return kind + " " + strconv.Quote(id) }

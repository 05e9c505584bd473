package urdf

import (
	"fmt"
	"strings"
)

// Error is an import error located in a source file: the file and line, the record
// (link or joint, with its name) and the element and attribute at fault.
type Error struct {
	File    string // source file (or the label passed to Import)
	Line    int    // 1-based line; 0 when unknown
	Record  string // e.g. `joint "elbow"`; empty when not tied to a record
	Element string // element tag, without brackets
	Attr    string // attribute at fault, if any
	Msg     string // what is wrong and, where possible, what would be valid
}

// Error formats the error as `file:line: joint "j": <limit> attribute "lower": message`.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File == "" {
		b.WriteString("<input>")
	} else {
		b.WriteString(e.File)
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(":")
	if e.Record != "" {
		b.WriteString(" " + e.Record + ":")
	}
	if e.Element != "" {
		b.WriteString(" <" + e.Element + ">")
		if e.Attr == "" {
			b.WriteString(":")
		}
	}
	if e.Attr != "" {
		fmt.Fprintf(&b, " attribute %q:", e.Attr)
	}
	b.WriteString(" " + e.Msg)
	return b.String()
}

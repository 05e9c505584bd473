package mjcf

import (
	"fmt"
	"strings"
)

// Error is an import error located in a source file: the file and line, the element
// (with its name attribute, when it has one) and the attribute at fault.
type Error struct {
	File    string // source file (or the label passed to Import)
	Line    int    // 1-based line of the element; 0 when unknown
	Element string // element tag, without brackets; empty when not tied to an element
	Name    string // the element's name attribute, if any
	Attr    string // the attribute at fault, if any
	Msg     string // what is wrong and, where possible, what would be valid
}

// Error formats the error as "file:line: <tag name="x"> attribute "a": message".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(location(e.File, e.Line))
	if e.Element != "" {
		b.WriteString(" ")
		b.WriteString(elementLabel(e.Element, e.Name))
	}
	if e.Attr != "" {
		fmt.Fprintf(&b, " attribute %q", e.Attr)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// location formats "file:line" (or just "file" when the line is unknown).
func location(file string, line int) string {
	if file == "" {
		file = "<input>"
	}
	if line > 0 {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return file
}

// elementLabel formats an element as <tag> or <tag name="x">.
func elementLabel(tag, name string) string {
	if name == "" {
		return "<" + tag + ">"
	}
	return fmt.Sprintf("<%s name=%q>", tag, name)
}

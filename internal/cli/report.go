package cli

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/urdf"
)

// ExitInternal is the exit status of an internal error: a panic that escaped every check
// (a bug; the message asks for a report). Out-of-memory deaths cannot be recovered, so
// every size a user controls is bounded before allocating (see Bound).
const ExitInternal = 70

// ErrorBody is the content of the JSON error object: the exit status, and where known
// the file, record, field and line of the problem, with the message printed on stderr.
type ErrorBody struct {
	Code    int    `json:"code"`
	File    string `json:"file"`
	Record  string `json:"record"`
	Field   string `json:"field"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// ErrorObject is what a failing command prints on stdout with --json:
// {"error": {"code", "file", "record", "field", "line", "message"}}.
type ErrorObject struct {
	Error ErrorBody `json:"error"`
}

// Classify returns the exit status of err: the code of an *ExitError, else ExitUsage
// (cobra's own errors: unknown command or flag, wrong argument count).
func Classify(err error) int {
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	return ExitUsage
}

// Input is the input file (or built-in model name) the running command reads, set by the
// command line before it runs: Describe names it as the file of an error that locates
// none itself (a numerical failure on that model).
var Input string

// Describe builds the JSON error object of err with exit status code, located by Locate
// (file Input when err locates no file).
func Describe(err error, code int) ErrorObject {
	b := Locate(err)
	if b.File == "" {
		b.File = Input
	}
	b.Code, b.Message = code, err.Error()
	return ErrorObject{Error: b}
}

// Locate returns the file, record, field and line of the first located problem err
// wraps (a CMG *cmg.FieldError or cmg.Errors, an MJCF or URDF import error, a
// *LocatedError), with that problem's own short message; the zero body when none is.
func Locate(err error) ErrorBody {
	var fe *cmg.FieldError
	var es cmg.Errors
	var me *mjcf.Error
	var ue *urdf.Error
	var le *LocatedError
	if errors.As(err, &es) && len(es) > 0 {
		fe = es[0]
	}
	switch {
	case fe != nil || errors.As(err, &fe):
		return ErrorBody{File: fe.File, Record: fe.Record, Field: fe.Field, Line: fe.Line, Message: fe.Message}
	case errors.As(err, &me):
		rec := me.Element
		if me.Name != "" {
			rec = cmg.RecordName(me.Element, me.Name)
		}
		return ErrorBody{File: me.File, Record: rec, Field: me.Attr, Line: me.Line, Message: me.Msg}
	case errors.As(err, &ue):
		rec := ue.Record
		if rec == "" {
			rec = ue.Element
		}
		return ErrorBody{File: ue.File, Record: rec, Field: ue.Attr, Line: ue.Line, Message: ue.Msg}
	case errors.As(err, &le):
		return ErrorBody{File: le.File, Field: le.Field, Line: le.Line, Message: le.Message}
	}
	return ErrorBody{}
}

// LocatedError is an input-file problem outside the model records (a state file, a
// task file): the file, the line and column, the field in the user's terms, the message.
type LocatedError struct {
	File         string
	Line, Column int
	Field        string
	Message      string
}

// Error formats the problem as `file:line:col: field "f": message`.
func (e *LocatedError) Error() string {
	var s strings.Builder
	s.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&s, ":%d:%d", e.Line, e.Column)
	}
	s.WriteString(": ")
	if e.Field != "" {
		fmt.Fprintf(&s, "field %q: ", e.Field)
	}
	s.WriteString(e.Message)
	return s.String()
}

// Report prints the failure err: the message on stderr, and with asJSON the error object
// on stdout. It returns the exit status.
func Report(stdout, stderr io.Writer, err error, asJSON bool) int {
	code := Classify(err)
	fmt.Fprintln(stderr, "robocompiler:", err)
	var ee *ExitError
	if asJSON && !(errors.As(err, &ee) && ee.Printed) {
		_ = WriteJSON(stdout, Describe(err, code))
	}
	return code
}

// Recovered turns a recovered panic value into an internal error (exit 70) whose
// one-line message asks for a bug report; the stack goes to stack (nil: discarded).
func Recovered(v any, stack io.Writer) error {
	if stack != nil {
		fmt.Fprintf(stack, "%s\n", debug.Stack())
	}
	return wrap(ExitInternal, fmt.Errorf("internal error (%v); this is a bug: please report it at https://github.com/robocompiler/robocompiler/issues with the command line and input files", v))
}

// Package cli holds the pieces of the command-line contract shared by every command:
// exit statuses and single-object JSON output.
package cli

import (
	"encoding/json"
	"io"
)

// Exit statuses of the robocompiler command.
const (
	ExitOK        = 0 // success
	ExitInvalid   = 1 // the model or input is invalid
	ExitUsage     = 2 // the command line is wrong
	ExitNumerical = 3 // a numerical failure (no convergence, rank change, singular partition)
)

// The internal-error status, ExitInternal (70), is in report.go.

// ExitError carries an exit status with the error printed on stderr.
type ExitError struct {
	Code int
	Err  error
	// Printed reports that the command has already printed its one JSON object, holding
	// the error under "error" (Embedded), so Report prints none.
	Printed bool
}

// Embedded returns the error object's body for err, to hold under "error" in a command's
// own JSON report (validate, check), and marks err as printed; it returns nil for nil.
func Embedded(err *error) *ErrorBody {
	if *err == nil {
		return nil
	}
	code := Classify(*err)
	b := Describe(*err, code).Error
	*err = &ExitError{Code: code, Err: *err, Printed: true}
	return &b
}

// Error returns the wrapped message.
func (e *ExitError) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *ExitError) Unwrap() error { return e.Err }

// Invalid marks err as invalid model or input (exit 1).
func Invalid(err error) error { return wrap(ExitInvalid, err) }

// Usage marks err as a command-line usage error (exit 2).
func Usage(err error) error { return wrap(ExitUsage, err) }

// Numerical marks err as a numerical failure (exit 3).
func Numerical(err error) error { return wrap(ExitNumerical, err) }

func wrap(code int, err error) error {
	if err == nil {
		return nil
	}
	return &ExitError{Code: code, Err: err}
}

// WriteJSON writes v as one indented JSON object followed by a newline.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

package main

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/dyn"
)

// Return codes of the C interface (robocompiler.h).
const (
	codeOK        = 0  // RC_OK
	codeInvalid   = 1  // RC_ERR_INVALID: the model or input is invalid
	codeUsage     = 2  // RC_ERR_USAGE: a bad argument (NULL, wrong size, no state)
	codeNumerical = 3  // RC_ERR_NUMERICAL: a numerical failure
	codeInternal  = 70 // RC_ERR_INTERNAL: a recovered panic
)

// codedError is an error with the return code it maps to.
type codedError struct {
	code int
	err  error
}

// Error returns the message.
func (e *codedError) Error() string { return e.err.Error() }

// Unwrap returns the wrapped error.
func (e *codedError) Unwrap() error { return e.err }

// usagef is a usage error (RC_ERR_USAGE).
func usagef(format string, args ...any) error {
	return &codedError{codeUsage, fmt.Errorf(format, args...)}
}

// invalid marks err as invalid input (RC_ERR_INVALID).
func invalid(err error) error { return &codedError{codeInvalid, err} }

// code classifies err: a codedError's own code; a wrong slice length is a usage error;
// assembly failures, singular partitions, rank changes and an indefinite M_r are
// numerical; everything else is invalid input.
func code(err error) int {
	var ce *codedError
	var se *robocompiler.ShapeError
	var ae *closure.AssemblyError
	var sg *closure.SingularError
	var rc *closure.RankChangeError
	switch {
	case err == nil:
		return codeOK
	case errors.As(err, &ce):
		return ce.code
	case errors.As(err, &se):
		return codeUsage
	case errors.As(err, &ae), errors.As(err, &sg), errors.As(err, &rc), errors.Is(err, dyn.ErrReducedNotPositiveDefinite):
		return codeNumerical
	}
	return codeInvalid
}

// panicError is the error of a recovered panic (RC_ERR_INTERNAL).
func panicError(op string, r any) error {
	return &codedError{codeInternal, fmt.Errorf("%s: internal error (please report): %v", op, r)}
}

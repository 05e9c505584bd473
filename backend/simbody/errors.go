package simbody

import (
	"errors"
	"fmt"
)

// ErrUnavailable is returned by every entry point of a build without the "simbody" tag.
var ErrUnavailable = errors.New("simbody: the Simbody backend is not in this build (build with -tags simbody and libsimbody-dev)")

// UnsupportedError reports a record of the model that the backend cannot represent.
type UnsupportedError struct {
	// Record is the record's kind ("joint", "loop_cut", "coupling") and ID its id.
	Record, ID string
	// Reason says what has no Simbody form.
	Reason string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("simbody: %s %q: %s", e.Record, e.ID, e.Reason)
}

//go:build mujoco

package mujoco

import (
	"errors"
	"fmt"
)

// ErrClosed is returned by methods of a Model or Data after Close.
var ErrClosed = errors.New("mujoco: use of closed Model or Data")

// LoadError is returned when MuJoCo cannot parse or compile a model. Msg is
// MuJoCo's own message, verbatim except for surrounding white space.
type LoadError struct {
	// Path is the file given to LoadXML, or "<inline MJCF>" for LoadXMLString.
	Path string
	// Msg is the error text MuJoCo wrote (parse errors carry the tinyxml2 message,
	// compile errors name the element and line).
	Msg string
	// Err is an underlying Go error, e.g. from os.Stat when the file does not
	// exist (so errors.Is(err, fs.ErrNotExist) works), or nil.
	Err error
}

// Error returns "mujoco: load PATH: MSG".
func (e *LoadError) Error() string {
	return fmt.Sprintf("mujoco: load %s: %s", e.Path, e.Msg)
}

// Unwrap returns the underlying Go error, if any.
func (e *LoadError) Unwrap() error { return e.Err }

// indexError reports an object index outside [0, n).
func indexError(kind string, i, n int) error {
	return fmt.Errorf("mujoco: %s index %d out of range: the model has %d (valid 0..%d)", kind, i, n, n-1)
}

// errorf formats an error with the package prefix.
func errorf(format string, args ...any) error {
	return fmt.Errorf("mujoco: "+format, args...)
}

package robocompiler

import (
	"fmt"
	"math"
)

// ShapeError reports a slice of the wrong length passed to the front door (the packages
// below it panic instead, as gonum does; the front door is the boundary for users of other
// languages, so it returns an error).
type ShapeError struct {
	// Op is the call, Arg the argument; Len is the length given and Want the one needed.
	Op, Arg   string
	Len, Want int
}

// Error describes the mismatch.
func (e *ShapeError) Error() string {
	return fmt.Sprintf("%s: len(%s) = %d; want %d", e.Op, e.Arg, e.Len, e.Want)
}

// checkLen returns a *ShapeError when n ≠ want.
func checkLen(op, arg string, n, want int) error {
	if n != want {
		return &ShapeError{Op: op, Arg: arg, Len: n, Want: want}
	}
	return nil
}

// checkVec returns a *ShapeError when len(x) ≠ want and an error naming the first
// non-finite entry.
func checkVec(op, arg string, x []float64, want int) error {
	if err := checkLen(op, arg, len(x), want); err != nil {
		return err
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s: %s[%d] = %v is not finite", op, arg, i, v)
		}
	}
	return nil
}

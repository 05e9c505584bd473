//go:build simbody

package simbody

/*
#cgo CXXFLAGS: -std=c++17 -O2 -I/usr/include/simbody -w
#cgo LDFLAGS: -lSimTKsimbody -lSimTKmath -lSimTKcommon -lstdc++
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"errors"
	"unsafe"

	"github.com/robocompiler/robocompiler/spatial"
)

// Mobilizer kinds, in the shim's numbering.
const (
	kindWeld = iota
	kindPin
	kindSlider
	kindScrew
	kindUniversal
	kindBall
	kindPlanar
	kindFree
)

// Constraint kinds, in the shim's numbering.
const (
	conBall = iota
	conWeld
	conAngle
	conOrient
	conLine
	conPlane
	conQLinear
	conULinear
)

// lastError returns the shim's message for a failed call.
func (s *System) lastError() error {
	return errors.New("simbody: " + C.GoString(C.rc_sb_error(s.p)))
}

// cd returns a C pointer to x's first element (nil for an empty slice); the slice must
// stay alive for the call (cgo pins it).
func cd(x []float64) *C.double {
	if len(x) == 0 {
		return nil
	}
	return (*C.double)(unsafe.Pointer(&x[0]))
}

// ci is cd for C ints.
func ci(x []C.int) *C.int {
	if len(x) == 0 {
		return nil
	}
	return &x[0]
}

// xf packs a transform as the shim reads it: R row-major, then P.
func xf(t spatial.Transform) []float64 {
	out := make([]float64, 12)
	for i := range 3 {
		copy(out[3*i:3*i+3], t.R[i][:])
	}
	copy(out[9:], t.P[:])
	return out
}

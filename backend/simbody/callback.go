//go:build simbody

package simbody

/*
#include <stdint.h>
*/
import "C"

import (
	"fmt"
	"runtime/cgo"
	"unsafe"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// ForceFunc is a continuous-time applied force evaluated by Simbody at every
// realization of the Dynamics stage (every integrator stage) of a system built by
// BuildControlled: at time t (s) and our tree configuration q (len NQT) and tree
// velocity v (len NVT) it writes the tree effort tau (len NVT; N or N·m) and the
// external wrenches w (one per node: [torque; force] in ground axes about the body
// origin), both zeroed before the call. An error stops the integration (Step returns it).
type ForceFunc func(t float64, q, v, tau []float64, w []spatial.Vec6) error

// BuildControlled is Build with fn added to Simbody's forces.
func BuildControlled(m *compile.Model, fn ForceFunc) (*System, error) {
	return build(m, fn)
}

// callbackState is what a controlled system's force callback evaluates into.
type callbackState struct {
	fn     ForceFunc
	handle cgo.Handle
	err    error
	q, v   []float64
	tau    []float64
	w      []spatial.Vec6
}

//export rcSimbodyForce
func rcSimbodyForce(h C.uintptr_t, t C.double, q, u, f, w *C.double) (status C.int) {
	s := cgo.Handle(h).Value().(*System)
	cb := s.cb
	defer func() {
		if r := recover(); r != nil {
			cb.err, status = fmt.Errorf("simbody: the force callback panicked: %v", r), 1
		}
	}()
	f64 := func(p *C.double, n int) []float64 { return unsafe.Slice((*float64)(unsafe.Pointer(p)), n) }
	s.fromSimbody(f64(q, s.NQ), f64(u, s.NU), cb.q, cb.v)
	clear(cb.tau)
	clear(cb.w)
	if err := cb.fn(float64(t), cb.q, cb.v, cb.tau, cb.w); err != nil {
		cb.err = err
		return 1
	}
	s.toSimbody(cb.tau, cb.w, f64(f, s.NU), f64(w, 6*s.nbody))
	return 0
}

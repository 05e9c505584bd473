//go:build !simbody

package simbody

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// System is a model rebuilt in Simbody; in this build none can be created, and its
// methods (kept so that callers build without the tag) return ErrUnavailable.
type System struct {
	// NQ, NU and NMult are Simbody's sizes (see the build-tagged System).
	NQ, NU, NMult int
}

// Build returns ErrUnavailable: this build has no Simbody (see the build-tagged Build).
func Build(m *compile.Model) (*System, error) { return nil, ErrUnavailable }

// ForceFunc is a continuous-time applied force (see the build-tagged ForceFunc).
type ForceFunc func(t float64, q, v, tau []float64, w []spatial.Vec6) error

// BuildControlled returns ErrUnavailable.
func BuildControlled(m *compile.Model, fn ForceFunc) (*System, error) { return nil, ErrUnavailable }

// Close does nothing.
func (s *System) Close() {}

// ConstraintRows returns 0.
func (s *System) ConstraintRows() int { return 0 }

// Model returns nil.
func (s *System) Model() *compile.Model { return nil }

// SetState returns ErrUnavailable.
func (s *System) SetState(t float64, q, v []float64) error { return ErrUnavailable }

// State returns ErrUnavailable.
func (s *System) State(q, v []float64) (float64, error) { return 0, ErrUnavailable }

// MassMatrix returns ErrUnavailable.
func (s *System) MassMatrix(M []float64) error { return ErrUnavailable }

// Bias returns ErrUnavailable.
func (s *System) Bias(h []float64) error { return ErrUnavailable }

// Accelerations returns ErrUnavailable.
func (s *System) Accelerations(tau []float64, w []spatial.Vec6, a []float64) error {
	return ErrUnavailable
}

// SetForces returns ErrUnavailable.
func (s *System) SetForces(tau []float64, w []spatial.Vec6) error { return ErrUnavailable }

// Energy returns ErrUnavailable.
func (s *System) Energy() (kinetic, potential float64, err error) { return 0, 0, ErrUnavailable }

// Multipliers returns nil.
func (s *System) Multipliers() []float64 { return nil }

// ConstraintErrors returns ErrUnavailable.
func (s *System) ConstraintErrors() (qerr, uerr float64, err error) { return 0, 0, ErrUnavailable }

// Step returns ErrUnavailable.
func (s *System) Step(dt, accuracy, ctol float64) error { return ErrUnavailable }

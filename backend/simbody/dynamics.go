//go:build simbody

package simbody

/*
#include "shim.h"
*/
import "C"

import (
	"fmt"

	"github.com/robocompiler/robocompiler/spatial"
)

// MassMatrix writes Simbody's unconstrained mass matrix at the last SetState in our tree
// coordinates, M_T = Tᵀ M T (NVT×NVT row-major; armature included through the rotors).
func (s *System) MassMatrix(M []float64) error {
	n := s.m.NVT
	if len(M) != n*n {
		return fmt.Errorf("simbody: MassMatrix: len(M) = %d; want %d", len(M), n*n)
	}
	if C.rc_sb_mass_matrix(s.p, cd(s.sm)) != 0 {
		return s.lastError()
	}
	s.congruence(s.sm, M)
	return nil
}

// Bias writes Simbody's bias forces at the last SetState in our tree coordinates,
// h_T = Tᵀ (h + M c), h the velocity products, gravity and damping with no applied
// effort (len NVT; N or N·m): M_T v̇ + h_T = τ without constraints.
func (s *System) Bias(h []float64) error {
	n := s.m.NVT
	if len(h) != n {
		return fmt.Errorf("simbody: Bias: len(h) = %d; want %d", len(h), n)
	}
	clear(s.sf)
	clear(s.sw)
	if C.rc_sb_set_forces(s.p, cd(s.sf), cd(s.sw)) != 0 || C.rc_sb_bias(s.p, cd(s.sh)) != 0 ||
		C.rc_sb_mass_matrix(s.p, cd(s.sm)) != 0 {
		return s.lastError()
	}
	nu := s.NU
	for i := range nu {
		for k := range nu {
			s.sh[i] += s.sm[i*nu+k] * s.c[k]
		}
	}
	s.transposed(s.sh, h)
	return nil
}

// SetForces sets the applied forces of the next Accelerations or Step: the tree effort
// tau (len NVT; N or N·m, as ours) and the external wrenches w (nil, or one per node:
// [torque; force] in ground axes about the body origin, N·m and N; node 0 is ignored),
// mapped with the velocity map of the last SetState or State. Simbody holds them
// constant (in its own coordinates and ground axes) until the next SetForces.
func (s *System) SetForces(tau []float64, w []spatial.Vec6) error {
	m := s.m
	nv := m.NVT
	if len(tau) != nv || (w != nil && len(w) != len(m.Bodies)+1) {
		return fmt.Errorf("simbody: SetForces: len(tau) = %d, len(w) = %d; want %d and %d (or nil)", len(tau), len(w), nv, len(m.Bodies)+1)
	}
	s.toSimbody(tau, w, s.sf, s.sw)
	if C.rc_sb_set_forces(s.p, cd(s.sf), cd(s.sw)) != 0 {
		return s.lastError()
	}
	return nil
}

// toSimbody maps the tree effort tau and the per-node wrenches w (nil for none) to
// Simbody's mobility forces f (NU) and body wrenches wb (6 per mobilized body) with the
// last velocity map.
func (s *System) toSimbody(tau []float64, w []spatial.Vec6, f, wb []float64) {
	nv := s.m.NVT
	// f = T τ on the joints' own speeds (T is orthogonal there, so Tᵀ f = τ); rotors get none.
	for i := range s.NU {
		f[i] = 0
		if s.rotorRow[i] {
			continue
		}
		for k := range nv {
			f[i] += s.T[i*nv+k] * tau[k]
		}
	}
	clear(wb)
	for node := 1; node < len(w); node++ {
		copy(wb[6*s.nodeMob[node]:6*s.nodeMob[node]+6], w[node][:])
	}
}

// Accelerations sets the forces (SetForces) and solves Simbody's constrained forward
// dynamics at the current state, writing the tree accelerations v̇ (len NVT) in our
// coordinates. The multipliers are then Multipliers().
func (s *System) Accelerations(tau []float64, w []spatial.Vec6, a []float64) error {
	nv := s.m.NVT
	if len(a) != nv {
		return fmt.Errorf("simbody: Accelerations: len(a) = %d; want %d", len(a), nv)
	}
	if err := s.SetForces(tau, w); err != nil {
		return err
	}
	nm := C.int(len(s.mult))
	if C.rc_sb_accelerations(s.p, cd(s.sud), cd(s.mult), &nm) != 0 {
		return s.lastError()
	}
	// v̇ = Tᵀ (u̇ − c) over the joints' own speeds.
	clear(a)
	for i := range s.NU {
		if s.rotorRow[i] {
			continue
		}
		d := s.sud[i] - s.c[i]
		for k := range nv {
			a[k] += s.T[i*nv+k] * d
		}
	}
	return nil
}

// Energy returns Simbody's kinetic energy (rotors included) and gravitational
// potential energy (J; zero at the ground origin's height) at the current state.
func (s *System) Energy() (kinetic, potential float64, err error) {
	var k, p C.double
	if C.rc_sb_energy(s.p, &k, &p) != 0 {
		return 0, 0, s.lastError()
	}
	return float64(k), float64(p), nil
}

// Multipliers returns Simbody's constraint multipliers of the last Accelerations (len
// NMult; Simbody's sign and units per constraint). The slice is the system's own.
func (s *System) Multipliers() []float64 { return s.mult }

// ConstraintErrors returns the largest position-level and velocity-level constraint
// errors of Simbody's current state (Simbody's units per constraint equation: m, rad,
// m/s, rad/s).
func (s *System) ConstraintErrors() (qerr, uerr float64, err error) {
	var a, b C.double
	if C.rc_sb_errors(s.p, &a, &b) != 0 {
		return 0, 0, s.lastError()
	}
	return float64(a), float64(b), nil
}

// Step integrates Simbody's state over dt (s) under the forces of the last SetForces
// (held constant) by Runge–Kutta–Merson with the relative accuracy and
// the constraint tolerance given; Simbody projects the state onto its constraints.
func (s *System) Step(dt, accuracy, ctol float64) error {
	if C.rc_sb_step(s.p, C.double(dt), C.double(accuracy), C.double(ctol)) != 0 {
		if s.cb != nil && s.cb.err != nil {
			err := s.cb.err
			s.cb.err = nil
			return err
		}
		return s.lastError()
	}
	return nil
}

// congruence writes Tᵀ A T (NVT×NVT) for a Simbody NU×NU matrix A.
func (s *System) congruence(A, out []float64) {
	n, nu := s.m.NVT, s.NU
	clear(out)
	for i := range nu {
		for k := range nu {
			x := A[i*nu+k]
			if x == 0 {
				continue
			}
			for r := range n {
				ti := s.T[i*n+r]
				if ti == 0 {
					continue
				}
				for c := range n {
					out[r*n+c] += ti * x * s.T[k*n+c]
				}
			}
		}
	}
}

// transposed writes Tᵀ x (NVT) for a Simbody NU-vector x.
func (s *System) transposed(x, out []float64) {
	n := s.m.NVT
	clear(out)
	for i := range s.NU {
		for r := range n {
			out[r] += s.T[i*n+r] * x[i]
		}
	}
}

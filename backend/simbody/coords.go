//go:build simbody

package simbody

/*
#include "shim.h"
*/
import "C"

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/spatial"
)

// SetState sets Simbody's state to our tree configuration q (len ≥ NQT; the tree
// coordinates come first in the augmented q) and tree velocity v (len ≥ NVT) at time t
// (s), rotors at their coupled speeds, and records the velocity map T, c there. The
// state is not projected onto the constraints.
func (s *System) SetState(t float64, q, v []float64) error {
	m := s.m
	if len(q) < m.NQT || len(v) < m.NVT {
		return fmt.Errorf("simbody: SetState: len(q) = %d, len(v) = %d; want at least %d and %d", len(q), len(v), m.NQT, m.NVT)
	}
	clear(s.T)
	clear(s.c)
	clear(s.sq)
	nv := m.NVT
	for _, mb := range s.mobs {
		j := &m.Joints[mb.joint]
		qj, vj := q[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV]
		sq, su := s.sq[mb.q0:mb.q0+mb.nq], s.su[mb.u0:mb.u0+mb.nu]
		set := func(row, col int, x float64) { s.T[(mb.u0+row)*nv+j.V0+col] = x }
		switch mb.kind {
		case kindBall, kindFree:
			var quat spatial.Quat
			if mb.kind == kindFree {
				copy(quat[:], qj[3:7])
				copy(sq[4:7], qj[0:3])
			} else {
				copy(quat[:], qj)
			}
			quat = normalized(quat)
			copy(sq[0:4], quat[:])
			r := quat.Mat3()
			for blk := 0; blk < mb.nu; blk += 3 {
				for a := range 3 {
					for b := range 3 {
						set(blk+a, blk+b, r[a][b])
					}
				}
			}
			w := spatial.Vec3{vj[0], vj[1], vj[2]}
			copy(su[0:3], mulv(r, w))
			if mb.kind == kindFree {
				lin := spatial.Vec3{vj[3], vj[4], vj[5]}
				copy(su[3:6], mulv(r, lin))
				copy(s.c[mb.u0+3:mb.u0+6], mulv(r, w.Cross(lin)))
			}
		case kindPlanar:
			perm := [3]int{2, 0, 1} // Simbody (θ, x, y) ← our (x, y, θ)
			for k, p := range perm {
				sq[k], su[k] = qj[p], vj[p]
				set(k, p, 1)
			}
		default: // Weld, Pin, Slider, Screw, Universal: q and u as ours
			copy(sq, qj)
			copy(su, vj)
			for k := range mb.nu {
				set(k, k, 1)
			}
		}
	}
	for _, r := range s.rotors {
		copy(s.T[r.u*nv:(r.u+1)*nv], s.T[r.coupled*nv:(r.coupled+1)*nv])
		s.su[r.u] = s.su[r.coupled]
	}
	if C.rc_sb_set_state(s.p, C.double(t), cd(s.sq), cd(s.su)) != 0 {
		return s.lastError()
	}
	return nil
}

// State reads Simbody's time (s) and state back as our tree configuration q (len ≥ NQT)
// and tree velocity v (len ≥ NVT); Simbody's quaternions are normalised.
func (s *System) State(q, v []float64) (float64, error) {
	m := s.m
	if len(q) < m.NQT || len(v) < m.NVT {
		return 0, fmt.Errorf("simbody: State: len(q) = %d, len(v) = %d; want at least %d and %d", len(q), len(v), m.NQT, m.NVT)
	}
	var t C.double
	if C.rc_sb_get_state(s.p, &t, cd(s.sq), cd(s.su)) != 0 {
		return 0, s.lastError()
	}
	for _, mb := range s.mobs {
		j := &m.Joints[mb.joint]
		qj, vj := q[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV]
		sq, su := s.sq[mb.q0:mb.q0+mb.nq], s.su[mb.u0:mb.u0+mb.nu]
		switch mb.kind {
		case kindBall, kindFree:
			var quat spatial.Quat
			copy(quat[:], sq[0:4])
			quat = normalized(quat)
			rt := quat.Mat3().T()
			if mb.kind == kindFree {
				copy(qj[0:3], sq[4:7])
				copy(qj[3:7], quat[:])
				copy(vj[3:6], mulv(rt, spatial.Vec3{su[3], su[4], su[5]}))
			} else {
				copy(qj, quat[:])
			}
			copy(vj[0:3], mulv(rt, spatial.Vec3{su[0], su[1], su[2]}))
		case kindPlanar:
			for k, p := range [3]int{2, 0, 1} {
				qj[p], vj[p] = sq[k], su[k]
			}
		default:
			copy(qj, sq)
			copy(vj, su)
		}
	}
	return float64(t), nil
}

func normalized(q spatial.Quat) spatial.Quat {
	n := q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]
	if n == 0 {
		return spatial.Quat{1, 0, 0, 0}
	}
	n = 1 / math.Sqrt(n)
	return spatial.Quat{q[0] * n, q[1] * n, q[2] * n, q[3] * n}
}

func mulv(r spatial.Mat3, v spatial.Vec3) []float64 {
	x := r.MulVec(v)
	return x[:]
}

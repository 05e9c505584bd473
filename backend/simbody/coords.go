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
	clear(s.sq)
	s.velocityMap(q, v)
	for _, mb := range s.mobs {
		j := &m.Joints[mb.joint]
		qj, sq := q[j.Q0:j.Q0+j.NQ], s.sq[mb.q0:mb.q0+mb.nq]
		switch mb.kind {
		case kindBall:
			quat := normalized(spatial.Quat(qj))
			copy(sq, quat[:])
		case kindFree:
			quat := normalized(spatial.Quat(qj[3:7]))
			copy(sq[0:4], quat[:])
			copy(sq[4:7], qj[0:3])
		case kindPlanar:
			sq[0], sq[1], sq[2] = qj[2], qj[0], qj[1] // Simbody (θ, x, y) for our (x, y, θ)
		default: // Weld, Pin, Slider, Screw, Universal: q as ours
			copy(sq, qj)
		}
	}
	nv := m.NVT
	for i := range s.NU {
		u := 0.0
		for k := range nv {
			u += s.T[i*nv+k] * v[k]
		}
		s.su[i] = u
	}
	if C.rc_sb_set_state(s.p, C.double(t), cd(s.sq), cd(s.su)) != 0 {
		return s.lastError()
	}
	return nil
}

// velocityMap records T and c at our tree configuration q and velocity v: per joint the
// identity (a permutation for planar joints, the joint rotation R for ball and free
// joints), rotor rows copying their coupled speed's row, and c = R(ω × v) in the linear
// rows of free joints.
func (s *System) velocityMap(q, v []float64) {
	m, nv := s.m, s.m.NVT
	clear(s.T)
	clear(s.c)
	for _, mb := range s.mobs {
		j := &m.Joints[mb.joint]
		qj, vj := q[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV]
		set := func(row, col int, x float64) { s.T[(mb.u0+row)*nv+j.V0+col] = x }
		switch mb.kind {
		case kindBall, kindFree:
			r := normalized(spatial.Quat(qj[j.NQ-4:])).Mat3()
			for blk := 0; blk < mb.nu; blk += 3 {
				for a := range 3 {
					for b := range 3 {
						set(blk+a, blk+b, r[a][b])
					}
				}
			}
			if mb.kind == kindFree {
				w, lin := spatial.Vec3(vj[0:3]), spatial.Vec3(vj[3:6])
				copy(s.c[mb.u0+3:mb.u0+6], mulv(r, w.Cross(lin)))
			}
		case kindPlanar:
			for k, p := range [3]int{2, 0, 1} {
				set(k, p, 1)
			}
		default:
			for k := range mb.nu {
				set(k, k, 1)
			}
		}
	}
	for _, r := range s.rotors {
		copy(s.T[r.u*nv:(r.u+1)*nv], s.T[r.coupled*nv:(r.coupled+1)*nv])
	}
}

// State reads Simbody's time (s) and state back as our tree configuration q (len ≥ NQT)
// and tree velocity v (len ≥ NVT), Simbody's quaternions normalised, and records the
// velocity map there (as SetState does).
func (s *System) State(q, v []float64) (float64, error) {
	m := s.m
	if len(q) < m.NQT || len(v) < m.NVT {
		return 0, fmt.Errorf("simbody: State: len(q) = %d, len(v) = %d; want at least %d and %d", len(q), len(v), m.NQT, m.NVT)
	}
	var t C.double
	if C.rc_sb_get_state(s.p, &t, cd(s.sq), cd(s.su)) != 0 {
		return 0, s.lastError()
	}
	s.fromSimbody(s.sq, s.su, q, v)
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

// fromSimbody maps Simbody's q and u (simq, simu) to our tree configuration q and tree
// velocity v, normalising quaternions, and records the velocity map there.
func (s *System) fromSimbody(simq, simu, q, v []float64) {
	m := s.m
	for _, mb := range s.mobs {
		j := &m.Joints[mb.joint]
		qj, vj := q[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV]
		sq, su := simq[mb.q0:mb.q0+mb.nq], simu[mb.u0:mb.u0+mb.nu]
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
	s.velocityMap(q, v)
}

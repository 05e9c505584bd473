//go:build simbody

package simbody

/*
#include "shim.h"
*/
import "C"

import (
	"fmt"
	"runtime/cgo"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// System is a compiled model rebuilt as a Simbody MultibodySystem, with one Simbody
// state. It is not safe for concurrent use; Close frees the C++ objects.
type System struct {
	p *C.rc_sb
	m *compile.Model
	// NQ and NU are Simbody's numbers of coordinates and speeds (rotors included);
	// NMult its number of constraint multipliers.
	NQ, NU, NMult int
	mobs          []mobilizer // one per tree edge, in edge order
	rotors        []rotor
	nodeMob       []int // Simbody mobilized-body index per node (0 for the ground)
	nbody         int   // Simbody's mobilized bodies, the ground and the rotors included

	sq, su, sf, sw []float64 // Simbody q, u, mobility forces, body wrenches (6 per body)
	// T (NU×NVT, row-major) and c (NU) map our tree velocities to Simbody's speeds at the
	// last SetState: u = T v, u̇ = T v̇ + c.
	T, c        []float64
	rotorRow    []bool // Simbody speeds that are rotors'
	sm, sh, sud []float64
	mult        []float64
	cb          *callbackState // the force callback of BuildControlled, or nil
}

// mobilizer is one tree edge's Simbody mobilizer and its layout in Simbody's q and u.
type mobilizer struct {
	joint          int // index in Model.Joints
	kind           int
	index          int // mobilized-body index
	q0, nq, u0, nu int
}

// rotor is an armature rotor: its mobilized body and speed, and the mobilizer and speed
// (within it) it is coupled to; coupled is that speed's Simbody index.
type rotor struct {
	index, u, mob, k, coupled int
}

// Build rebuilds m in Simbody (see the package documentation for the mapping) and
// realizes it to the Instance stage. A record without a Simbody form is refused with an
// *UnsupportedError.
func Build(m *compile.Model) (*System, error) { return build(m, nil) }

// build is Build with the force callback fn (nil for none).
func build(m *compile.Model, fn ForceFunc) (*System, error) {
	g := m.Gravity
	s := &System{m: m, nodeMob: make([]int, len(m.Bodies)+1)}
	s.p = C.rc_sb_new(cd(g[:]))
	if s.p == nil {
		return nil, fmt.Errorf("simbody: creating the system failed")
	}
	if fn != nil {
		s.cb = &callbackState{fn: fn, handle: cgo.NewHandle(s), q: make([]float64, m.NQT), v: make([]float64, m.NVT),
			tau: make([]float64, m.NVT), w: make([]spatial.Vec6, len(m.Bodies)+1)}
		if C.rc_sb_add_go_force(s.p, C.uintptr_t(s.cb.handle)) != 0 {
			err := s.lastError()
			s.Close()
			return nil, err
		}
	}
	if err := s.build(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Close frees the Simbody system; the System must not be used afterwards.
func (s *System) Close() {
	if s.p != nil {
		C.rc_sb_free(s.p)
		s.p = nil
	}
	if s.cb != nil {
		s.cb.handle.Delete()
		s.cb = nil
	}
}

// ConstraintRows returns the number of Simbody constraint equations that stand for the
// model's closure and coupling rows (NMult less the armature rotors' speed couplers).
func (s *System) ConstraintRows() int { return s.NMult - len(s.rotors) }

// Model returns the compiled model the system was built from.
func (s *System) Model() *compile.Model { return s.m }

func (s *System) build() error {
	m := s.m
	jointMob := make([]int, len(m.Joints))
	for i := range jointMob {
		jointMob[i] = -1
	}
	for e := range m.Edges {
		if err := s.addEdge(e); err != nil {
			return err
		}
		jointMob[m.Edges[e].Joint] = len(s.mobs) - 1
	}
	for k := range m.Comparisons {
		if err := s.addComparison(&m.Comparisons[k]); err != nil {
			return err
		}
	}
	for _, c := range m.Couplings {
		if err := s.addCoupling(c, jointMob); err != nil {
			return err
		}
	}
	if err := s.addPassive(); err != nil {
		return err
	}
	var nq, nu, nmult, nbody C.int
	if C.rc_sb_realize_topology(s.p, &nq, &nu, &nmult, &nbody) != 0 {
		return s.lastError()
	}
	s.NQ, s.NU, s.NMult, s.nbody = int(nq), int(nu), int(nmult), int(nbody)
	for i := range s.mobs {
		mb := &s.mobs[i]
		mb.q0, mb.nq, mb.u0, mb.nu = s.layout(mb.index)
	}
	s.rotorRow = make([]bool, s.NU)
	for i := range s.rotors {
		r := &s.rotors[i]
		_, _, r.u, _ = s.layout(r.index)
		r.coupled = s.mobs[r.mob].u0 + r.k
		s.rotorRow[r.u] = true
	}
	s.sq, s.su, s.sf, s.sw = make([]float64, s.NQ), make([]float64, s.NU), make([]float64, s.NU), make([]float64, 6*s.nbody)
	s.T, s.c = make([]float64, s.NU*m.NVT), make([]float64, s.NU)
	s.sm, s.sh, s.sud, s.mult = make([]float64, s.NU*s.NU), make([]float64, s.NU), make([]float64, s.NU), make([]float64, s.NMult)
	return nil
}

// layout returns the first q, number of q, first u and number of u of mobilized body i.
func (s *System) layout(i int) (q0, nq, u0, nu int) {
	var a, b, c, d C.int
	C.rc_sb_layout(s.p, C.int(i), &a, &b, &c, &d)
	return int(a), int(b), int(c), int(d)
}

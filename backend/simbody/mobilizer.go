//go:build simbody

package simbody

/*
#include "shim.h"
*/
import "C"

import (
	"math"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// axisTol is how far from perpendicular a universal joint's two axes may be.
const axisTol = 1e-12

// addEdge adds the mobilizer of tree edge e (see the package documentation).
func (s *System) addEdge(e int) error {
	m := s.m
	ed := &m.Edges[e]
	j := &m.Joints[ed.Joint]
	kind, r0, err := mobilizerOf(j)
	if err != nil {
		return err
	}
	turn := spatial.Transform{R: r0}
	fa, fb := j.A.Mul(turn), j.B.Mul(turn)
	xpf, xbm, rev := fa, fb, 0
	if ed.Reversed {
		xpf, xbm, rev = fb, fa, 1
	}
	in := m.Bodies[ed.Child-1].Inertia
	var com spatial.Vec3
	if in.Mass > 0 {
		com = in.H.Scale(1 / in.Mass)
	}
	i := C.rc_sb_add_body(s.p, C.int(s.nodeMob[ed.Parent]), C.int(kind), C.int(rev), cd(xf(xpf)), cd(xf(xbm)),
		C.double(in.Mass), cd(com[:]), cd(mat(in.I)), C.double(j.Model.Pitch))
	if i < 0 {
		return &UnsupportedError{Record: "joint", ID: j.ID, Reason: s.lastError().Error()}
	}
	s.nodeMob[ed.Child] = int(i)
	s.mobs = append(s.mobs, mobilizer{joint: ed.Joint, kind: kind, index: int(i)})
	return nil
}

// mobilizerOf returns the Simbody mobilizer of a tree joint and the constant rotation r0
// (columns: Simbody's mobilizer axes in the joint frame) that puts its axis on
// Simbody's.
func mobilizerOf(j *compile.Joint) (int, spatial.Mat3, error) {
	jm := &j.Model
	switch jm.Kind {
	case joint.Fixed:
		return kindWeld, spatial.Identity3(), nil
	case joint.Revolute:
		p1, p2, a := basis(jm.Axis)
		return kindPin, columns(p1, p2, a), nil
	case joint.Helical:
		p1, p2, a := basis(jm.Axis)
		return kindScrew, columns(p1, p2, a), nil
	case joint.Prismatic:
		p1, p2, a := basis(jm.Axis)
		return kindSlider, columns(a, p1, p2), nil
	case joint.Universal:
		a, b := unit(jm.Axis), unit(jm.Axis2)
		if math.Abs(a.Dot(b)) > axisTol {
			return 0, spatial.Mat3{}, &UnsupportedError{Record: "joint", ID: j.ID,
				Reason: "a universal joint with non-perpendicular axes has no Simbody mobilizer"}
		}
		return kindUniversal, columns(a, b, a.Cross(b)), nil
	case joint.Spherical:
		return kindBall, spatial.Identity3(), nil
	case joint.Planar:
		var S [3]spatial.Vec6
		jm.MotionSubspace(make([]float64, 3), S[:])
		return kindPlanar, columns(S[0].Linear(), S[1].Linear(), S[2].Angular()), nil
	case joint.Free:
		return kindFree, spatial.Identity3(), nil
	}
	return 0, spatial.Mat3{}, &UnsupportedError{Record: "joint", ID: j.ID, Reason: "unknown joint kind " + jm.Kind.String()}
}

// addPassive adds each tree joint's damping (a linear damper on each of its speeds) and
// armature (a rotor per speed, see the package documentation).
func (s *System) addPassive() error {
	for k, mb := range s.mobs {
		j := &s.m.Joints[mb.joint]
		nv := j.Model.NV()
		if j.Armature > 0 && j.Model.Kind == joint.Free {
			return &UnsupportedError{Record: "joint", ID: j.ID,
				Reason: "armature on a free joint (a constant inertia on its body twist) has no Simbody rotor form"}
		}
		for u := range nv {
			if j.Damping > 0 && C.rc_sb_add_damper(s.p, C.int(mb.index), C.int(u), C.double(j.Damping)) != 0 {
				return s.lastError()
			}
			if j.Armature <= 0 {
				continue
			}
			a := j.Armature
			rot := []float64{a, 0, 0, 0, a, 0, 0, 0, a}
			// Simbody refuses a massless body with inertia; a unit mass at the rotor's
			// origin, on its fixed axis, neither moves nor feels gravity's torque.
			i := C.rc_sb_add_body(s.p, 0, kindPin, 0, cd(xf(spatial.Identity())), cd(xf(spatial.Identity())), 1,
				cd(make([]float64, 3)), cd(rot), 0)
			if i < 0 {
				return s.lastError()
			}
			mobs := []C.int{i, C.int(mb.index)}
			coords := []C.int{0, C.int(u)}
			if C.rc_sb_add_constraint(s.p, conULinear, 0, 0, cd([]float64{1, -1, 0}), 2, ci(mobs), ci(coords)) != 0 {
				return s.lastError()
			}
			s.rotors = append(s.rotors, rotor{index: int(i), mob: k, k: u})
		}
	}
	return nil
}

// basis returns unit vectors p1, p2 ⟂ a and the unit a, with (p1, p2, a) right-handed.
func basis(a spatial.Vec3) (p1, p2, n spatial.Vec3) {
	n = unit(a)
	ref := spatial.Vec3{1, 0, 0}
	if n[0]*n[0] > 0.5 {
		ref = spatial.Vec3{0, 1, 0}
	}
	p1 = unit(ref.Sub(n.Scale(ref.Dot(n))))
	return p1, n.Cross(p1), n
}

func unit(a spatial.Vec3) spatial.Vec3 { return a.Scale(1 / a.Norm()) }

// columns returns the matrix with columns a, b, c.
func columns(a, b, c spatial.Vec3) spatial.Mat3 {
	var r spatial.Mat3
	for i := range 3 {
		r[i] = [3]float64{a[i], b[i], c[i]}
	}
	return r
}

// mat returns r row-major.
func mat(r spatial.Mat3) []float64 {
	return []float64{r[0][0], r[0][1], r[0][2], r[1][0], r[1][1], r[1][2], r[2][0], r[2][1], r[2][2]}
}

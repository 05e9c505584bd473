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

// addComparison adds the Simbody constraints with the rows of closure comparison c.
func (s *System) addComparison(c *compile.Comparison) error {
	kind, axis, axis2, perp := c.Kind, c.Axis, c.Axis2, c.Perp
	if kind == compile.RowsSE3 {
		j := &s.m.Joints[c.Joint]
		switch j.Model.Kind {
		case joint.Free:
			return nil // no rows to keep
		case joint.Helical:
			return &UnsupportedError{Record: "joint", ID: j.ID, Reason: "a helical cut has no Simbody constraint"}
		case joint.Revolute, joint.Planar:
			axis2 = axis
		}
		kind = eliminated(j.Model.Kind)
		if axis.Norm() == 0 && j.Model.Kind == joint.Planar {
			axis = spatial.Vec3{0, 0, 1}
			axis2 = axis
		}
		if kind != compile.RowsPoint && kind != compile.RowsWeld {
			perp[0], perp[1], _ = basis(axis)
		}
	}
	if kind == compile.RowsPlanar && axis.Norm() == 0 {
		axis, axis2 = spatial.Vec3{0, 0, 1}, spatial.Vec3{0, 0, 1}
		perp[0], perp[1], _ = basis(axis)
	}
	a, b := s.nodeMob[c.NodeA], s.nodeMob[c.NodeB]
	fa, fb := c.FrameA, c.FrameB
	ra, rb := func(v spatial.Vec3) spatial.Vec3 { return fa.R.MulVec(v) }, func(v spatial.Vec3) spatial.Vec3 { return fb.R.MulVec(v) }
	add := func(k int, p ...spatial.Vec3) error { return s.constraint(c.ID, k, a, b, vecs(p...)) }
	angle := func(va, vb spatial.Vec3) error {
		return s.constraint(c.ID, conAngle, a, b, append(vecs(unit(ra(va)), unit(rb(vb))), math.Pi/2))
	}
	switch kind {
	case compile.RowsPoint:
		return add(conBall, fa.P, fb.P)
	case compile.RowsWeld:
		return s.constraint(c.ID, conWeld, a, b, append(xf(fa), xf(fb)...))
	case compile.RowsRevolute:
		if err := add(conBall, fa.P, fb.P); err != nil {
			return err
		}
		if err := angle(perp[0], axis2); err != nil {
			return err
		}
		return angle(perp[1], axis2)
	case compile.RowsUniversal:
		if err := add(conBall, fa.P, fb.P); err != nil {
			return err
		}
		return angle(axis, axis2)
	case compile.RowsPrismatic:
		if err := s.constraint(c.ID, conOrient, a, b, append(xf(fa), xf(fb)...)); err != nil {
			return err
		}
		return add(conLine, unit(ra(axis)), fa.P, fb.P)
	case compile.RowsPlanar:
		n := unit(ra(axis))
		if err := s.constraint(c.ID, conPlane, a, b, append(vecs(n), append([]float64{n.Dot(fa.P)}, fb.P[:]...)...)); err != nil {
			return err
		}
		if err := angle(perp[0], axis2); err != nil {
			return err
		}
		return angle(perp[1], axis2)
	}
	return &UnsupportedError{Record: c.Source, ID: c.ID, Reason: "comparison kind " + kind.String() + " has no Simbody constraint"}
}

// eliminated returns the row kind of a cut joint's eliminated form (compile's mapping
// for the kinds that have one).
func eliminated(k joint.Kind) compile.RowKind {
	switch k {
	case joint.Fixed:
		return compile.RowsWeld
	case joint.Revolute:
		return compile.RowsRevolute
	case joint.Prismatic:
		return compile.RowsPrismatic
	case joint.Spherical:
		return compile.RowsPoint
	case joint.Universal:
		return compile.RowsUniversal
	case joint.Planar:
		return compile.RowsPlanar
	}
	return compile.RowsSE3
}

// addCoupling adds coupling c (q_slave − multiplier·q_master − offset = 0) as a
// CoordinateCoupler; jointMob maps joints to their mobilizers (-1 for a cut joint).
func (s *System) addCoupling(c compile.Coupling, jointMob []int) error {
	ms, mm := jointMob[c.Slave], jointMob[c.Master]
	if ms < 0 || mm < 0 {
		return &UnsupportedError{Record: "coupling", ID: c.ID, Reason: "it couples a cut joint's coordinate, which Simbody does not hold"}
	}
	mobs := []C.int{C.int(s.mobs[ms].index), C.int(s.mobs[mm].index)}
	coef := []float64{1, -c.Multiplier, -c.Offset}
	if C.rc_sb_add_constraint(s.p, conQLinear, 0, 0, cd(coef), 2, ci(mobs), ci([]C.int{0, 0})) != 0 {
		return &UnsupportedError{Record: "coupling", ID: c.ID, Reason: s.lastError().Error()}
	}
	return nil
}

// constraint adds one Simbody constraint of comparison id between mobilized bodies a, b.
func (s *System) constraint(id string, kind, a, b int, p []float64) error {
	if C.rc_sb_add_constraint(s.p, C.int(kind), C.int(a), C.int(b), cd(p), 0, nil, nil) != 0 {
		return &UnsupportedError{Record: "comparison", ID: id, Reason: s.lastError().Error()}
	}
	return nil
}

// vecs concatenates vectors.
func vecs(v ...spatial.Vec3) []float64 {
	out := make([]float64, 0, 3*len(v)+1)
	for _, x := range v {
		out = append(out, x[:]...)
	}
	return out
}

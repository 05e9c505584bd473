// Package joint implements the joint models of the edge transform
// X_j(q) = A_j Q_j(q) B_j⁻¹: Q_j maps joint-frame-c (child side) coordinates
// into joint-frame-b (parent side) coordinates. Velocities are body twists of
// frame c relative to frame b, expressed in frame c, angular first.
package joint

import "github.com/robocompiler/robocompiler/spatial"

// Model describes one joint. Angles are in rad, lengths in m.
type Model struct {
	Kind Kind
	// Axis is the unit joint axis in the joint frame (revolute, prismatic,
	// helical; universal first axis); for planar the plane normal (zero
	// means z).
	Axis spatial.Vec3
	// Axis2 is the universal joint's second unit axis, perpendicular to Axis.
	Axis2 spatial.Vec3
	// Pitch is the helical translation per rotation (m/rad).
	Pitch float64
	// Limited enables Lower/Upper on the first min(NQ, 3) coordinates
	// (revolute/prismatic/helical: [0]; universal: [0..1]; planar: [0..2]);
	// spherical and free joints carry no limits.
	Limited      bool
	Lower, Upper [3]float64
}

var (
	nqOf = [...]int{Fixed: 0, Revolute: 1, Prismatic: 1, Helical: 1, Universal: 2, Spherical: 4, Planar: 3, Free: 7}
	nvOf = [...]int{Fixed: 0, Revolute: 1, Prismatic: 1, Helical: 1, Universal: 2, Spherical: 3, Planar: 3, Free: 6}
)

// NQ returns the number of configuration coordinates (0,1,1,1,2,4,3,7 by kind).
func (m *Model) NQ() int { return nqOf[m.Kind] }

// NV returns the number of velocity coordinates (0,1,1,1,2,3,3,6 by kind).
func (m *Model) NV() int { return nvOf[m.Kind] }

package joint

import "fmt"

// Kind identifies a joint type.
type Kind uint8

// Joint kinds; the numbers of configuration and velocity coordinates
// (NQ, NV) are given for each.
const (
	Fixed     Kind = iota // rigid: NQ=0, NV=0
	Revolute              // rotation about Axis: NQ=1, NV=1
	Prismatic             // translation along Axis: NQ=1, NV=1
	Helical               // screw about Axis with Pitch: NQ=1, NV=1
	Universal             // Axis then Axis2 rotations: NQ=2, NV=2
	Spherical             // unit quaternion, body angular velocity: NQ=4, NV=3
	Planar                // x, y, θ in the plane normal to Axis: NQ=3, NV=3
	Free                  // position and unit quaternion, body twist: NQ=7, NV=6
)

var kindNames = [...]string{"fixed", "revolute", "prismatic", "helical", "universal", "spherical", "planar", "free"}

// String returns the lower-case name of the kind ("fixed", "revolute", …).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind returns the kind named s (one of the String names).
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("joint: unknown kind %q", s)
}

// Translational reports whether velocity coordinate v (0 ≤ v < NV) of a joint of kind k is
// a translation (m/s; the rest are rotations in rad/s, a helical joint's included).
func (k Kind) Translational(v int) bool {
	switch k {
	case Prismatic:
		return true
	case Free:
		return v >= 3
	case Planar:
		return v < 2
	}
	return false
}

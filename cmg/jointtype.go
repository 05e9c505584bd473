package cmg

// Joint types (Joint.Type).
const (
	JointFixed     = "fixed"
	JointRevolute  = "revolute"
	JointPrismatic = "prismatic"
	JointHelical   = "helical"
	JointUniversal = "universal"
	JointSpherical = "spherical"
	JointPlanar    = "planar"
	JointFree      = "free"
)

// jointTypeInfo is what the format needs to know about a joint type: its numbers of
// position and velocity coordinates and which axes it takes.
type jointTypeInfo struct {
	name   string
	nq, nv int
	axis   bool   // takes Axis (the plane normal for planar)
	axis2  bool   // takes Axis2
	quat   int    // index of a unit quaternion in its coordinates, or -1
	coords string // what its coordinates are, for messages
}

// jointTypes lists the joint types in documentation order.
var jointTypes = []jointTypeInfo{
	{JointFixed, 0, 0, false, false, -1, "no coordinates"},
	{JointRevolute, 1, 1, true, false, -1, "one angle in rad"},
	{JointPrismatic, 1, 1, true, false, -1, "one displacement in m"},
	{JointHelical, 1, 1, true, false, -1, "one angle in rad"},
	{JointUniversal, 2, 2, true, true, -1, "two angles in rad (about axis, then axis2)"},
	{JointSpherical, 4, 3, false, false, 0, "a unit quaternion w, x, y, z"},
	{JointPlanar, 3, 3, true, false, -1, "x, y in m and an angle in rad"},
	{JointFree, 7, 6, false, false, 3, "position x, y, z in m, then a unit quaternion w, x, y, z"},
}

// jointType returns the description of a joint type, or nil when it is unknown.
func jointType(name string) *jointTypeInfo {
	for i := range jointTypes {
		if jointTypes[i].name == name {
			return &jointTypes[i]
		}
	}
	return nil
}

// JointTypes returns the valid joint types in documentation order.
func JointTypes() []string {
	out := make([]string, len(jointTypes))
	for i, t := range jointTypes {
		out[i] = t.name
	}
	return out
}

// JointCoords returns the numbers of position coordinates nq and velocity coordinates nv
// of a joint type (spherical 4 and 3, free 7 and 6); ok is false for an unknown type.
func JointCoords(typ string) (nq, nv int, ok bool) {
	t := jointType(typ)
	if t == nil {
		return 0, 0, false
	}
	return t.nq, t.nv, true
}

// mjcfJointTypes maps joint type names of other formats to ours, for suggestions.
var mjcfJointTypes = map[string]string{
	"hinge": JointRevolute, "slide": JointPrismatic, "ball": JointSpherical,
	"continuous": JointRevolute, "floating": JointFree, "screw": JointHelical,
	"weld": JointFixed, "rigid": JointFixed, "cardan": JointUniversal,
}

// cutTypeRows gives the number of closure rows of each loop-cut type.
var cutTypeRows = map[string]int{CutPoint: 3, CutUniversal: 4, CutRevolute: 5, CutWeld: 6}

// CutTypes returns the valid loop-cut types.
func CutTypes() []string { return []string{CutPoint, CutUniversal, CutRevolute, CutWeld} }

// CutRows returns the number of closure rows of a loop-cut type (point 3, universal 4,
// revolute 5, weld 6), or 0 for an unknown type.
func CutRows(typ string) int { return cutTypeRows[typ] }

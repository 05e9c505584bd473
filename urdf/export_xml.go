package urdf

import (
	"encoding/xml"
	"math"

	"github.com/robocompiler/robocompiler/internal/xmltree"
	"github.com/robocompiler/robocompiler/spatial"
)

// The URDF document written by Export, as encoding/xml element types. Numbers are
// preformatted (shortest round-trip decimal).

type urdfRobot struct {
	XMLName xml.Name    `xml:"robot"`
	Name    string      `xml:"name,attr"`
	Links   []urdfLink  `xml:"link"`
	Joints  []urdfJoint `xml:"joint"`
}

type urdfLink struct {
	Name     string        `xml:"name,attr"`
	Inertial *urdfInertial `xml:"inertial"`
}

type urdfInertial struct {
	Origin  urdfOrigin  `xml:"origin"`
	Mass    urdfValue   `xml:"mass"`
	Inertia urdfInertia `xml:"inertia"`
}

type urdfValue struct {
	Value string `xml:"value,attr"`
}

type urdfInertia struct {
	IXX string `xml:"ixx,attr"`
	IXY string `xml:"ixy,attr"`
	IXZ string `xml:"ixz,attr"`
	IYY string `xml:"iyy,attr"`
	IYZ string `xml:"iyz,attr"`
	IZZ string `xml:"izz,attr"`
}

type urdfOrigin struct {
	XYZ string `xml:"xyz,attr"`
	RPY string `xml:"rpy,attr"`
}

type urdfJoint struct {
	Name     string        `xml:"name,attr"`
	Type     string        `xml:"type,attr"`
	Origin   urdfOrigin    `xml:"origin"`
	Parent   urdfRef       `xml:"parent"`
	Child    urdfRef       `xml:"child"`
	Axis     *urdfAxis     `xml:"axis"`
	Limit    *urdfLimit    `xml:"limit"`
	Dynamics *urdfDynamics `xml:"dynamics"`
	Mimic    *urdfMimic    `xml:"mimic"`
}

type urdfRef struct {
	Link string `xml:"link,attr"`
}

type urdfAxis struct {
	XYZ string `xml:"xyz,attr"`
}

type urdfLimit struct {
	Lower    string `xml:"lower,attr,omitempty"`
	Upper    string `xml:"upper,attr,omitempty"`
	Effort   string `xml:"effort,attr"`
	Velocity string `xml:"velocity,attr"`
}

type urdfDynamics struct {
	Damping  string `xml:"damping,attr"`
	Friction string `xml:"friction,attr"`
}

type urdfMimic struct {
	Joint      string `xml:"joint,attr"`
	Multiplier string `xml:"multiplier,attr"`
	Offset     string `xml:"offset,attr"`
}

// nums formats numbers for an attribute (see xmltree.Nums).
var nums = xmltree.Nums

// pose writes a transform as a URDF origin: xyz and roll, pitch, yaw with
// R = Rz(yaw)·Ry(pitch)·Rx(roll).
func pose(t spatial.Transform) urdfOrigin {
	r, p, y := rpy(t.R)
	return urdfOrigin{XYZ: nums(t.P[:]...), RPY: nums(r, p, y)}
}

// rpy returns roll, pitch, yaw of a rotation R = Rz(yaw)·Ry(pitch)·Rx(roll); at
// pitch = ±π/2 roll is set to 0.
func rpy(R spatial.Mat3) (roll, pitch, yaw float64) {
	c := math.Hypot(R[0][0], R[1][0])
	pitch = math.Atan2(-R[2][0], c)
	if c > 1e-12 {
		return math.Atan2(R[2][1], R[2][2]), pitch, math.Atan2(R[1][0], R[0][0])
	}
	return 0, pitch, math.Atan2(-R[0][1], R[1][1])
}

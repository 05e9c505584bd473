package mjcf

import (
	"encoding/xml"

	"github.com/robocompiler/robocompiler/internal/xmltree"

	"github.com/robocompiler/robocompiler/spatial"
)

// The MJCF document written by Export, as encoding/xml element types. Numbers are
// preformatted (shortest round-trip decimal), so MuJoCo parses back the exact float64.

type mjDoc struct {
	XMLName  xml.Name    `xml:"mujoco"`
	Model    string      `xml:"model,attr,omitempty"`
	Compiler mjCompiler  `xml:"compiler"`
	Option   mjOption    `xml:"option"`
	Size     mjSize      `xml:"size"`
	World    mjBody      `xml:"worldbody"`
	Tendons  *mjTendons  `xml:"tendon"`
	Equality *mjEquality `xml:"equality"`
	Actuator *mjActuator `xml:"actuator"`
	Keyframe mjKeyframe  `xml:"keyframe"`
}

type mjCompiler struct {
	Angle           string `xml:"angle,attr"`
	InertiaFromGeom string `xml:"inertiafromgeom,attr"`
}

type mjOption struct {
	Timestep string `xml:"timestep,attr"`
	Gravity  string `xml:"gravity,attr"`
	Cone     string `xml:"cone,attr,omitempty"`
	ImpRatio string `xml:"impratio,attr,omitempty"`
}

type mjSize struct {
	NJMax int `xml:"njmax,attr"`
}

// mjBody is a <body> (or the <worldbody>, which has no attributes).
type mjBody struct {
	Name     string      `xml:"name,attr,omitempty"`
	Pos      string      `xml:"pos,attr,omitempty"`
	Quat     string      `xml:"quat,attr,omitempty"`
	Inertial *mjInertial `xml:"inertial"`
	Joints   []mjJoint   `xml:"joint"`
	Geoms    []mjGeom    `xml:"geom"`
	Sites    []mjSite    `xml:"site"`
	Bodies   []*mjBody   `xml:"body"`
}

type mjInertial struct {
	Pos         string `xml:"pos,attr"`
	Quat        string `xml:"quat,attr,omitempty"`
	Mass        string `xml:"mass,attr"`
	DiagInertia string `xml:"diaginertia,attr,omitempty"`
	FullInertia string `xml:"fullinertia,attr,omitempty"`
}

type mjJoint struct {
	Name         string `xml:"name,attr"`
	Type         string `xml:"type,attr"`
	Pos          string `xml:"pos,attr,omitempty"`
	Axis         string `xml:"axis,attr,omitempty"`
	Ref          string `xml:"ref,attr,omitempty"`
	Limited      string `xml:"limited,attr,omitempty"`
	Range        string `xml:"range,attr,omitempty"`
	Armature     string `xml:"armature,attr,omitempty"`
	Damping      string `xml:"damping,attr,omitempty"`
	FrictionLoss string `xml:"frictionloss,attr,omitempty"`
}

// mjGeom is a contact <geom> (plane or sphere).
type mjGeom struct {
	Name     string `xml:"name,attr"`
	Type     string `xml:"type,attr"`
	Size     string `xml:"size,attr"`
	Pos      string `xml:"pos,attr"`
	Condim   string `xml:"condim,attr"`
	Friction string `xml:"friction,attr"`
	SolRef   string `xml:"solref,attr"`
	SolImp   string `xml:"solimp,attr"`
}

type mjSite struct {
	Name string `xml:"name,attr"`
	Pos  string `xml:"pos,attr"`
	Quat string `xml:"quat,attr,omitempty"`
}

type mjTendons struct {
	Items []mjTendon `xml:",any"`
}

// mjTendon is a <fixed> (joint terms) or <spatial> (site path) tendon.
type mjTendon struct {
	XMLName      xml.Name
	Name         string          `xml:"name,attr"`
	Damping      string          `xml:"damping,attr,omitempty"`
	FrictionLoss string          `xml:"frictionloss,attr,omitempty"`
	Joints       []mjTendonJoint `xml:"joint"`
	Sites        []mjTendonSite  `xml:"site"`
}

type mjTendonJoint struct {
	Joint string `xml:"joint,attr"`
	Coef  string `xml:"coef,attr"`
}

type mjTendonSite struct {
	Site string `xml:"site,attr"`
}

type mjEquality struct {
	Items []mjEq `xml:",any"`
}

// mjEq is a <connect>, <weld> or <joint> equality.
type mjEq struct {
	XMLName  xml.Name
	Name     string `xml:"name,attr"`
	Body1    string `xml:"body1,attr,omitempty"`
	Body2    string `xml:"body2,attr,omitempty"`
	Anchor   string `xml:"anchor,attr,omitempty"`
	Joint1   string `xml:"joint1,attr,omitempty"`
	Joint2   string `xml:"joint2,attr,omitempty"`
	Polycoef string `xml:"polycoef,attr,omitempty"`
	SolRef   string `xml:"solref,attr"`
	SolImp   string `xml:"solimp,attr"`
}

type mjActuator struct {
	Motors []mjMotor `xml:",any"`
}

// mjMotor is a <motor>, or a <general> with activation dynamics (exportDrive).
type mjMotor struct {
	XMLName     xml.Name
	Name        string `xml:"name,attr"`
	Joint       string `xml:"joint,attr,omitempty"`
	Tendon      string `xml:"tendon,attr,omitempty"`
	Gear        string `xml:"gear,attr"`
	CtrlLimited string `xml:"ctrllimited,attr"`
	CtrlRange   string `xml:"ctrlrange,attr,omitempty"`
	DynType     string `xml:"dyntype,attr,omitempty"`
	DynPrm      string `xml:"dynprm,attr,omitempty"`
}

type mjKeyframe struct {
	Keys []mjKey `xml:"key"`
}

type mjKey struct {
	Name string `xml:"name,attr"`
	Qpos string `xml:"qpos,attr"`
}

// nums formats numbers for an attribute (see xmltree.Nums).
var nums = xmltree.Nums

// vec formats a 3-vector.
func vec(v spatial.Vec3) string { return nums(v[0], v[1], v[2]) }

// optional formats a nonnegative passive parameter, empty (attribute omitted) when 0.
func optional(x float64) string {
	if x == 0 {
		return ""
	}
	return nums(x)
}

// rotation formats a rotation as a unit quaternion (w, x, y, z), empty (attribute
// omitted) for the exact identity.
func rotation(r spatial.Mat3) string {
	if r == spatial.Identity3() {
		return ""
	}
	q := spatial.QuatFromMat3(r).Normalize()
	return nums(q[0], q[1], q[2], q[3])
}

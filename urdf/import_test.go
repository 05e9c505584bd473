package urdf

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

const robotDoc = `<?xml version="1.0"?>
<robot name="every">
  <material name="grey"><color rgba="0.5 0.5 0.5 1"/></material>
  <link name="base">
    <inertial>
      <origin xyz="0.1 0 0.2" rpy="0 0 1.5707963267948966"/>
      <mass value="2"/>
      <inertia ixx="1" ixy="0.1" ixz="0" iyy="2" iyz="0" izz="3"/>
    </inertial>
    <visual><geometry><mesh filename="package://x/base.stl"/></geometry></visual>
  </link>
  <link name="l1"/>
  <link name="l2"/>
  <link name="l3"/>
  <link name="l4"/>
  <link name="l5"/>
  <link name="l6"/>
  <link name="l7"/>
  <joint name="rev" type="revolute">
    <parent link="base"/><child link="l1"/>
    <origin xyz="0 0 0.5" rpy="1.5707963267948966 0 1.5707963267948966"/>
    <axis xyz="0 0 2"/>
    <limit lower="-1" upper="2" effort="10" velocity="3"/>
    <dynamics damping="0.5" friction="0.25"/>
  </joint>
  <joint name="cont" type="continuous">
    <parent link="l1"/><child link="l2"/>
    <origin xyz="1 2 3" rpy="0.1 0.2 0.3"/>
    <limit effort="1" velocity="1"/>
  </joint>
  <joint name="pris" type="prismatic">
    <parent link="l2"/><child link="l3"/>
    <axis xyz="0 1 0"/>
    <limit lower="0" upper="0.3" effort="100" velocity="1"/>
    <mimic joint="rev" multiplier="-2" offset="0.1"/>
  </joint>
  <joint name="fix" type="fixed">
    <parent link="l3"/><child link="l4"/>
    <origin xyz="0 0 1"/>
  </joint>
  <joint name="float" type="floating">
    <parent link="l4"/><child link="l5"/>
  </joint>
  <joint name="plane" type="planar">
    <parent link="l5"/><child link="l6"/>
    <axis xyz="0 0 1"/>
  </joint>
  <joint name="m2" type="revolute">
    <parent link="base"/><child link="l7"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
    <mimic joint="rev"/>
    <safety_controller soft_lower_limit="-0.9" soft_upper_limit="0.9" k_position="1" k_velocity="1"/>
  </joint>
</robot>`

// rpyByHand is the closed-form matrix of URDF roll-pitch-yaw.
func rpyByHand(r, p, y float64) spatial.Mat3 {
	cr, sr, cp, sp, cy, sy := math.Cos(r), math.Sin(r), math.Cos(p), math.Sin(p), math.Cos(y), math.Sin(y)
	return spatial.Mat3{
		{cy * cp, cy*sp*sr - sy*cr, cy*sp*cr + sy*sr},
		{sy * cp, sy*sp*sr + cy*cr, sy*sp*cr - cy*sr},
		{-sp, cp * sr, cp * cr},
	}
}

func matClose(a, b spatial.Mat3, tol float64) bool {
	for i := range 3 {
		for j := range 3 {
			if math.Abs(a[i][j]-b[i][j]) > tol {
				return false
			}
		}
	}
	return true
}

func TestEveryJointType(t *testing.T) {
	g, warns, err := Import([]byte(robotDoc), "every.urdf")
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	if g.Name != "every" || len(g.Bodies) != 8 || len(g.Joints) != 8 {
		t.Fatalf("graph %s: %d bodies, %d joints", g.Name, len(g.Bodies), len(g.Joints))
	}
	root := g.Joints[0]
	if root.ID != "base__fixed" || root.Type != "fixed" || root.BodyA != "world" || root.BodyB != "base" {
		t.Errorf("root joint %+v", root)
	}
	types := map[string]string{"rev": "revolute", "cont": "revolute", "pris": "prismatic", "fix": "fixed", "float": "free", "plane": "planar", "m2": "revolute"}
	for id, typ := range types {
		if j := g.Joint(id); j == nil || j.Type != typ {
			t.Errorf("joint %s = %+v, want type %s", id, j, typ)
		}
	}
	rev := g.Joint("rev")
	if *rev.Axis != [3]float64{0, 0, 1} || rev.Limits.Lower[0] != -1 || rev.Limits.Upper[0] != 2 || rev.Damping != 0.5 || rev.Friction != 0.25 {
		t.Errorf("rev %+v", rev)
	}
	// rpy (90°, 0, 90°): x_child → y_parent, y_child → z_parent, z_child → x_parent.
	want := spatial.Mat3{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}
	if got := rev.FrameA.Rotation(); !matClose(got, want, 1e-15) || rev.FrameA.Pos != [3]float64{0, 0, 0.5} {
		t.Errorf("rev frame_a %v %v, want %v", rev.FrameA.Pos, got, want)
	}
	if rev.FrameB.Pos != [3]float64{} || rev.FrameB.Quat != nil {
		t.Errorf("rev frame_b %+v", rev.FrameB)
	}
	cont := g.Joint("cont")
	if got := cont.FrameA.Rotation(); !matClose(got, rpyByHand(0.1, 0.2, 0.3), 1e-15) {
		t.Errorf("cont rotation %v, want %v", got, rpyByHand(0.1, 0.2, 0.3))
	}
	if cont.Limits != nil || *cont.Axis != [3]float64{1, 0, 0} {
		t.Errorf("continuous joint %+v: want unlimited, default axis x", cont)
	}
	if p := g.Joint("plane"); *p.Axis != [3]float64{0, 0, 1} {
		t.Errorf("planar normal %v", *p.Axis)
	}
	if f := g.Joint("float"); f.Axis != nil || f.Limits != nil {
		t.Errorf("floating %+v", f)
	}
	if len(g.Couplings) != 2 {
		t.Fatalf("couplings %+v", g.Couplings)
	}
	if c := g.Coupling("pris__mimic"); c == nil || *c != (cmg.Coupling{ID: "pris__mimic", Master: "rev", Slave: "pris", Multiplier: -2, Offset: 0.1}) {
		t.Errorf("mimic %+v", c)
	}
	if c := g.Coupling("m2__mimic"); c == nil || c.Multiplier != 1 || c.Offset != 0 {
		t.Errorf("default mimic %+v", c)
	}
	// inertia given in a frame turned 90° about z: Ixx ↔ Iyy, Ixy → -Ixy.
	base := g.Body("base")
	if base.Mass != 2 || base.COM != [3]float64{0.1, 0, 0.2} {
		t.Errorf("base %+v", base)
	}
	wantI := [6]float64{2, 1, 3, -0.1, 0, 0}
	for k := range 6 {
		if math.Abs(base.Inertia[k]-wantI[k]) > 1e-15 {
			t.Errorf("base inertia %v, want %v", base.Inertia, wantI)
			break
		}
	}
	if b := g.Body("l1"); b.Mass != 0 {
		t.Errorf("link without inertial %+v", b)
	}
}

func TestFloatingAndWorldLink(t *testing.T) {
	doc := `<robot name="r"><link name="a"/><link name="b"/>
	<joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint></robot>`
	g, _, err := ImportWith([]byte(doc), "r.urdf", ImportOptions{Floating: true})
	if err != nil {
		t.Fatal(err)
	}
	if j := g.Joint("a__free"); j == nil || j.Type != "free" || j.BodyA != "world" || j.BodyB != "a" {
		t.Errorf("floating root %+v", g.Joints)
	}
	if err := g.Validate(); err != nil {
		t.Error(err)
	}
	doc = `<robot name="r"><link name="world"/><link name="a"/>
	<joint name="pin" type="fixed"><parent link="world"/><child link="a"/><origin xyz="0 0 1"/></joint></robot>`
	g, warns, err := ImportWith([]byte(doc), "w.urdf", ImportOptions{Floating: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Bodies) != 1 || len(g.Joints) != 1 || g.Joints[0].BodyA != "world" || g.Joints[0].FrameA.Pos != [3]float64{0, 0, 1} {
		t.Errorf("world link as ground: %+v %+v", g.Bodies, g.Joints)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "Floating") {
		t.Errorf("warnings %v", warns)
	}
	if err := g.Validate(); err != nil {
		t.Error(err)
	}
}

func TestURDFErrors(t *testing.T) {
	two := `<link name="a"/><link name="b"/>`
	cases := []struct {
		name, doc    string
		line         int
		record, attr string
		phrase       string
	}{
		{"malformed", "<robot name=\"r\">\n<link name=\"a\">\n</robot>", 3, "", "", "malformed XML"},
		{"root", `<mujoco/>`, 1, "", "", "use package mjcf"},
		{"no links", `<robot name="r"/>`, 1, "", "", "no links"},
		{"dup link", `<robot name="r"><link name="a"/><link name="a"/></robot>`, 1, `link "a"`, "name", "used twice"},
		{"bad type", `<robot name="r">` + two + `<joint name="j" type="ball"><parent link="a"/><child link="b"/></joint></robot>`, 1, `joint "j"`, "type", "not a URDF joint type"},
		{"unknown link", `<robot name="r">` + two + `<joint name="j" type="fixed"><parent link="a"/><child link="zz"/></joint></robot>`, 1, `joint "j"`, "link", `unknown link "zz"`},
		{"zero axis", "<robot name=\"r\">" + two + "<joint name=\"j\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/>\n<axis xyz=\"0 0 0\"/></joint></robot>", 2, `joint "j"`, "xyz", "zero-length axis"},
		{"no limit", `<robot name="r">` + two + `<joint name="j" type="revolute"><parent link="a"/><child link="b"/></joint></robot>`, 1, `joint "j"`, "", "needs <limit>"},
		{"limit order", `<robot name="r">` + two + `<joint name="j" type="prismatic"><parent link="a"/><child link="b"/><limit lower="1" upper="0" effort="1" velocity="1"/></joint></robot>`, 1, `joint "j"`, "lower", "exceeds"},
		{"two roots", `<robot name="r">` + two + `</robot>`, 1, `link "b"`, "", "more than one root"},
		{"mimic", `<robot name="r">` + two + `<joint name="j" type="continuous"><parent link="a"/><child link="b"/><mimic joint="q"/></joint></robot>`, 1, `joint "j"`, "joint", `unknown joint "q"`},
		{"bad number", `<robot name="r">` + two + `<joint name="j" type="fixed"><parent link="a"/><child link="b"/><origin xyz="0 a 0"/></joint></robot>`, 1, `joint "j"`, "xyz", "not a finite number"},
		{"mass", `<robot name="r"><link name="a"><inertial><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link></robot>`, 1, `link "a"`, "", "<mass> is required"},
		{"inertia attr", `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1"/></inertial></link></robot>`, 1, `link "a"`, "ixy", "required"},
		{"xacro", `<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:macro name="m"/></robot>`, 1, "", "", "xacro"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Import([]byte(tc.doc), "bad.urdf")
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want *Error", err, err)
			}
			if e.File != "bad.urdf" || e.Line != tc.line || e.Record != tc.record || e.Attr != tc.attr || !strings.Contains(e.Msg, tc.phrase) {
				t.Errorf("got %+v (%s)\nwant line %d record %q attr %q containing %q", e, e, tc.line, tc.record, tc.attr, tc.phrase)
			}
		})
	}
}

func TestURDFWarnings(t *testing.T) {
	doc := `<robot name="r">
<link name="a" color="red"/>
<link name="b"/>
<joint name="j" type="revolute"><parent link="a"/><child link="b"/>
<limit effort="1" velocity="1"/>
<spring k="3"/>
</joint>
<transmission name="t"/>
<gazebo reference="a"/>
</robot>`
	_, warns, err := Import([]byte(doc), "w.urdf")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`w.urdf:2: link "a": <link>: attribute "color"`,
		`w.urdf:5: joint "j": <limit>: no lower or upper limit`,
		`w.urdf:6: joint "j": <spring>: unknown element`,
		`w.urdf:8: <transmission>: not imported (actuation`,
		`w.urdf:9: <gazebo>: not imported (actuation`,
	}
	if len(warns) != len(want) {
		t.Errorf("got %d warnings:\n%s", len(warns), strings.Join(warns, "\n"))
	}
	for _, w := range want {
		found := false
		for _, x := range warns {
			found = found || strings.HasPrefix(x, w)
		}
		if !found {
			t.Errorf("missing warning %q in\n%s", w, strings.Join(warns, "\n"))
		}
	}
}

func TestRPY(t *testing.T) {
	for _, a := range [][3]float64{{0, 0, 0}, {0.1, 0.2, 0.3}, {-2, 1.4, 3}, {math.Pi, -math.Pi / 2, 0.5}} {
		if got, want := RPY(a[0], a[1], a[2]), rpyByHand(a[0], a[1], a[2]); !matClose(got, want, 1e-15) {
			t.Errorf("RPY%v = %v, want %v", a, got, want)
		}
	}
}

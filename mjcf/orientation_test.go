package mjcf

import (
	"math"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// importString imports an inline MJCF document and fails the test on error.
func importString(t *testing.T, doc string) (*cmg.Graph, []string) {
	t.Helper()
	g, w, err := Import([]byte(doc), t.TempDir(), "inline.xml")
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	return g, w
}

// bodyRotation returns the orientation of a top-level jointless body (frame_a of its
// weld to the world).
func bodyRotation(t *testing.T, g *cmg.Graph, body string) spatial.Mat3 {
	t.Helper()
	j := g.Joint(body + "__fixed")
	if j == nil {
		t.Fatalf("no weld for body %s", body)
	}
	return j.FrameA.Rotation()
}

// rotClose compares two rotation matrices entry by entry.
func rotClose(a, b spatial.Mat3, tol float64) bool {
	for i := range 3 {
		for j := range 3 {
			if math.Abs(a[i][j]-b[i][j]) > tol {
				return false
			}
		}
	}
	return true
}

func rx(a float64) spatial.Mat3 { return spatial.ExpSO3(spatial.Vec3{a, 0, 0}) }
func ry(a float64) spatial.Mat3 { return spatial.ExpSO3(spatial.Vec3{0, a, 0}) }
func rz(a float64) spatial.Mat3 { return spatial.ExpSO3(spatial.Vec3{0, 0, a}) }

const orientationDoc = `<mujoco>
 <compiler angle="degree" eulerseq="SEQ"/>
 <worldbody>
  <body name="e" euler="30 -50 70"/>
  <body name="aa" axisangle="1 2 3 40"/>
  <body name="xy" xyaxes="1 1 0 -1 2 0.5"/>
  <body name="z" zaxis="1 -2 3"/>
  <body name="zneg" zaxis="0 0 -1"/>
  <body name="q" quat="1 2 -3 4"/>
 </worldbody>
</mujoco>`

// TestOrientationForms checks each orientation specifier against quaternions that
// MuJoCo 2.2.2 computed for the same document (body xquat at qpos0, read with mj_forward).
func TestOrientationForms(t *testing.T) {
	golden := map[string]map[string]spatial.Quat{
		"xyz": {"e": {0.779845817701, -0.0419959023121, -0.468936183905, 0.41252357536}},
		"XYZ": {"e": {0.654368338008, 0.426292427108, -0.199848860336, 0.591723987874}},
		"zyx": {"e": {0.654368338008, 0.591723987874, -0.199848860336, 0.426292427108}},
		"ZyX": {"e": {0.654368338008, 0.591723987874, -0.468936183905, -0.0419959023121}},
		"xYz": {"e": {0.654368338008, -0.0419959023121, -0.468936183905, 0.591723987874}},
	}
	common := map[string]spatial.Quat{
		"aa":   {0.939692620786, 0.0914087282643, 0.182817456529, 0.274226184793},
		"xy":   {0.917698549305, 0.106690033263, 0.0441924587474, 0.380123185292},
		"z":    {0.949153234662, 0.281578603067, 0.140789301533, 0},
		"zneg": {6.12323399574e-17, 1, 0, 0},
		"q":    {0.182574185835, 0.36514837167, -0.547722557505, 0.73029674334},
	}
	for seq, want := range golden {
		g, _ := importString(t, strings.Replace(orientationDoc, "SEQ", seq, 1))
		for k, q := range common {
			want[k] = q
		}
		for body, q := range want {
			if got := bodyRotation(t, g, body); !rotClose(got, q.Mat3(), 1e-11) {
				t.Errorf("eulerseq %s body %s: got %v, MuJoCo %v", seq, body, got, q.Mat3())
			}
		}
	}
}

// TestEulerConventions checks the euler sequences against hand-built products:
// lowercase letters rotate about the moving axes (R = R1·R2·R3), uppercase about the
// fixed axes (R = R3·R2·R1), and radians are taken as given.
func TestEulerConventions(t *testing.T) {
	a, b, c := 0.3, -0.7, 1.1
	cases := []struct {
		seq  string
		want spatial.Mat3
	}{
		{"xyz", rx(a).Mul(ry(b)).Mul(rz(c))},
		{"XYZ", rz(c).Mul(ry(b)).Mul(rx(a))},
		{"zyx", rz(a).Mul(ry(b)).Mul(rx(c))},
		{"ZYX", rx(c).Mul(ry(b)).Mul(rz(a))},
		{"zxz", rz(a).Mul(rx(b)).Mul(rz(c))},
		{"xYz", ry(b).Mul(rx(a)).Mul(rz(c))},
	}
	for _, tc := range cases {
		doc := `<mujoco><compiler angle="radian" eulerseq="` + tc.seq + `"/><worldbody><body name="b" euler="0.3 -0.7 1.1"/></worldbody></mujoco>`
		g, _ := importString(t, doc)
		if got := bodyRotation(t, g, "b"); !rotClose(got, tc.want, 1e-14) {
			t.Errorf("eulerseq %s: got %v want %v", tc.seq, got, tc.want)
		}
	}
	// default: degrees, xyz.
	g, _ := importString(t, `<mujoco><worldbody><body name="b" euler="90 0 0"/></worldbody></mujoco>`)
	if got := bodyRotation(t, g, "b"); !rotClose(got, rx(math.Pi/2), 1e-15) {
		t.Errorf("default degree euler: %v", got)
	}
}

// TestOrientationHandComputed checks axisangle, xyaxes, zaxis and quat against
// rotations worked out by hand.
func TestOrientationHandComputed(t *testing.T) {
	g, _ := importString(t, `<mujoco><compiler angle="radian"/><worldbody>
		<body name="aa" axisangle="0 0 2 1.5707963267948966"/>
		<body name="xy" xyaxes="0 1 0 -2 0.3 0"/>
		<body name="z" zaxis="1 0 0"/>
		<body name="q" quat="0 0 0 2"/>
	</worldbody></mujoco>`)
	cases := map[string]spatial.Mat3{
		"aa": {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}, // +90° about z (axis normalised)
		"xy": {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}, // x→y, y orthogonalised to -x
		"z":  {{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}}, // minimal rotation: +90° about y
		"q":  {{-1, 0, 0}, {0, -1, 0}, {0, 0, 1}},
	}
	for body, want := range cases {
		if got := bodyRotation(t, g, body); !rotClose(got, want, 1e-15) {
			t.Errorf("%s: got %v want %v", body, got, want)
		}
	}
}

func TestOrientationErrors(t *testing.T) {
	for _, tc := range []struct{ doc, attr string }{
		{`<body name="b" quat="1 0 0 0" euler="0 0 0"/>`, "euler"},
		{`<body name="b" quat="0 0 0 0"/>`, "quat"},
		{`<body name="b" axisangle="0 0 0 1"/>`, "axisangle"},
		{`<body name="b" xyaxes="1 0 0 2 0 0"/>`, "xyaxes"},
		{`<body name="b" zaxis="0 0 0"/>`, "zaxis"},
		{`<body name="b" euler="1 2"/>`, "euler"},
	} {
		_, _, err := Import([]byte(`<mujoco><worldbody>`+tc.doc+`</worldbody></mujoco>`), ".", "o.xml")
		e, ok := err.(*Error)
		if !ok || e.Attr != tc.attr || e.Element != "body" || e.Name != "b" || e.Line != 1 {
			t.Errorf("%s: error %v, want one about attribute %s of body b", tc.doc, err, tc.attr)
		}
	}
}

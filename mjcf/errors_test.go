package mjcf

import (
	"errors"
	"strings"
	"testing"
)

func TestImportErrors(t *testing.T) {
	cases := []struct {
		name, doc            string
		line                 int
		elem, elemName, attr string
		phrase               string
	}{
		{"malformed", "<mujoco>\n<worldbody>\n<body name=\"a\">\n</worldbody>\n</mujoco>", 4, "", "", "", "malformed XML"},
		{"truncated", "<mujoco>\n<worldbody>", 2, "", "", "", "malformed XML"},
		{"duplicate attribute", "<mujoco>\n<worldbody><body name=\"a\" pos=\"0 0 0\" pos=\"1 1 1\"/></worldbody></mujoco>", 2, "body", "a", "pos", "duplicate attribute"},
		{"not mjcf", `<robot name="r"/>`, 1, "robot", "r", "", "use package urdf"},
		{"zero axis", "<mujoco><worldbody>\n<body name=\"a\">\n<joint name=\"j\" axis=\"0 0 0\"/></body></worldbody></mujoco>", 3, "joint", "j", "axis", "zero-length axis"},
		{"bad number", `<mujoco><worldbody><body name="a" pos="0 x 0"/></worldbody></mujoco>`, 1, "body", "a", "pos", "not a finite number"},
		{"nan", `<mujoco><worldbody><body name="a" pos="0 NaN 0"/></worldbody></mujoco>`, 1, "body", "a", "pos", "not a finite number"},
		{"unknown class", `<mujoco><worldbody><body name="a"><joint name="j" class="nope"/></body></worldbody></mujoco>`, 1, "joint", "j", "class", `unknown default class "nope"`},
		{"unknown childclass", `<mujoco><worldbody><body name="a" childclass="nope"/></worldbody></mujoco>`, 1, "body", "a", "childclass", "unknown default class"},
		{"duplicate body", `<mujoco><worldbody><body name="a"/><body name="a"/></worldbody></mujoco>`, 1, "body", "a", "name", "used twice"},
		{"duplicate joint", `<mujoco><worldbody><body name="a"><joint name="j"/></body><body name="b"><joint name="j"/></body></worldbody></mujoco>`, 1, "joint", "j", "name", "used twice"},
		{"world name", `<mujoco><worldbody><body name="world"/></worldbody></mujoco>`, 1, "body", "world", "name", "reserved"},
		{"joint type", `<mujoco><worldbody><body name="a"><joint name="j" type="twist"/></body></worldbody></mujoco>`, 1, "joint", "j", "type", "not valid"},
		{"range order", `<mujoco><worldbody><body name="a"><joint name="j" range="1 -1"/></body></worldbody></mujoco>`, 1, "joint", "j", "range", "exceeds"},
		{"nested free", `<mujoco><worldbody><body name="a"><body name="b"><freejoint name="f"/></body></body></worldbody></mujoco>`, 1, "freejoint", "f", "type", "child of the world"},
		{"world joint", `<mujoco><worldbody><joint name="j"/></worldbody></mujoco>`, 1, "joint", "j", "", "world body cannot have joints"},
		{"key length", `<mujoco><worldbody><body name="a"><joint name="j"/></body></worldbody><keyframe><key name="k" qpos="1 2"/></keyframe></mujoco>`, 1, "key", "k", "qpos", "expected 1 numbers"},
		{"global coords", `<mujoco><compiler coordinate="global"/></mujoco>`, 1, "compiler", "", "coordinate", "not supported"},
		{"eulerseq", `<mujoco><compiler eulerseq="xyw"/></mujoco>`, 1, "compiler", "", "eulerseq", "not valid"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Import([]byte(tc.doc), ".", "bad.xml")
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want *Error", err, err)
			}
			if e.File != "bad.xml" || e.Line != tc.line || e.Element != tc.elem || e.Name != tc.elemName || e.Attr != tc.attr || !strings.Contains(e.Msg, tc.phrase) {
				t.Errorf("got %+v\nwant line %d element %q name %q attr %q containing %q", e, tc.line, tc.elem, tc.elemName, tc.attr, tc.phrase)
			}
			if !strings.HasPrefix(e.Error(), "bad.xml:") {
				t.Errorf("message %q does not start with the file and line", e.Error())
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	e := &Error{File: "m.xml", Line: 3, Element: "joint", Name: "j", Attr: "axis", Msg: "zero"}
	if got, want := e.Error(), `m.xml:3 <joint name="j"> attribute "axis": zero`; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestWarnings checks that elements and attributes the importer does not use are
// reported with their file and line, and that simulation-only ones are not.
func TestWarnings(t *testing.T) {
	doc := `<mujoco>
<option timestep="0.001" gravity="0 0 -1"/>
<worldbody>
<body name="a">
<joint name="j" stiffness="5" solreflimit="0.1 1"/>
<geom size="1" rgba="1 0 0 1" friction="1"/>
<gizmo/>
<composite type="grid"/>
</body>
</worldbody>
<sensor><jointpos joint="j"/></sensor>
<bogus/>
</mujoco>`
	g, warns := importString(t, doc)
	want := []string{
		`inline.xml:5 <joint name="j">: attribute "stiffness"`,
		`inline.xml:7 <gizmo>: unknown element`,
		`inline.xml:8 <composite>: <composite> is not supported`,
		`inline.xml:11 <sensor>: 1 sensor(s) not imported`,
		`inline.xml:12 <bogus>: unknown top-level element`,
	}
	if len(warns) != len(want) {
		t.Errorf("got %d warnings, want %d:\n%s", len(warns), len(want), strings.Join(warns, "\n"))
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
	if *g.Gravity != [3]float64{0, 0, -1} {
		t.Errorf("gravity %v", *g.Gravity)
	}
}

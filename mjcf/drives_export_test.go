package mjcf_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/mjcf"
)

// drivenFiveBar is the five-bar with a lag drive and port friction on one motor, a
// joint port with friction on the other, and damping and friction on a tree joint.
func drivenFiveBar(t *testing.T) (*cmg.Graph, *compile.Model) {
	g := testfix.Builtin(t, "fivebar")
	g.Actuators[0].Drive = &cmg.Drive{Type: cmg.DriveLag, TimeConstant: 0.04}
	g.Actuators[0].Damping, g.Actuators[0].Friction = 0.01, 0.02
	g.Actuators[1].Gear, g.Actuators[1].Friction = 2, 0.03
	m := testfix.Compile(t, g, compile.Options{})
	for _, j := range m.Joints {
		if j.Tree && j.ID == g.Actuators[0].Joint {
			g.Joint(j.ID).Damping, g.Joint(j.ID).Friction = 0.05, 0.07
		}
	}
	return g, testfix.Compile(t, g, compile.Options{})
}

// TestExportDrives: a lag drive exports as a <general> actuator with MuJoCo's
// first-order activation dynamics, port friction as the damping and frictionloss of
// the tendon the actuator pulls (a joint port becomes a one-joint fixed tendon), joint
// damping and friction as the joint's; the re-import gives back the same drive, the
// same port friction on the same port displacement, and the joint's parameters.
func TestExportDrives(t *testing.T) {
	g, m := drivenFiveBar(t)
	q, _ := assembleOrFail(t, m, "")
	var buf bytes.Buffer
	if err := mjcf.Export(m, q, &buf, mjcf.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	x := buf.String()
	a0, a1 := g.Actuators[0], g.Actuators[1]
	for _, want := range []string{
		`<general name="` + a0.ID + `" tendon="` + a0.ID + `" gear="1" ctrllimited="true" ctrlrange="-5 5" dyntype="filter" dynprm="0.04">`,
		`<fixed name="` + a0.ID + `" damping="0.01" frictionloss="0.02">`,
		`<fixed name="` + a1.ID + `" frictionloss="0.03">`,
		`<joint joint="` + a1.Joint + `" coef="2">`,
		`<motor name="` + a1.ID + `" tendon="` + a1.ID + `" gear="1"`,
		`damping="0.05" frictionloss="0.07"`,
	} {
		if !strings.Contains(x, want) {
			t.Errorf("export lacks %s", want)
		}
	}
	if t.Failed() {
		t.Log(x)
	}
	g2, warnings, err := mjcf.Import(buf.Bytes(), "", "export.xml")
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Errorf("re-import warnings: %q", warnings)
	}
	b0, b1 := g2.Actuators[0], g2.Actuators[1]
	for _, b := range []*cmg.Actuator{&b0, &b1} {
		if b.ID != a0.ID && b.ID != a1.ID {
			t.Fatalf("re-imported actuators %q, %q", b0.ID, b1.ID)
		}
	}
	if b0.ID != a0.ID {
		b0, b1 = b1, b0
	}
	if b0.Drive == nil || *b0.Drive != *a0.Drive || b0.Damping != a0.Damping || b0.Friction != a0.Friction ||
		*b0.EffortLimits != *a0.EffortLimits {
		t.Errorf("re-imported %s: %+v (drive %+v)", a0.ID, b0, b0.Drive)
	}
	if b1.Drive != nil || b1.Damping != 0 || b1.Friction != a1.Friction || len(b1.Transmission) != 1 ||
		b1.Transmission[0] != (cmg.TransmissionTerm{Joint: a1.Joint, Coef: 2}) {
		t.Errorf("re-imported %s: %+v", a1.ID, b1)
	}
	if j := g2.Joint(a0.Joint); j == nil || j.Damping != 0.05 || j.Friction != 0.07 {
		t.Errorf("re-imported joint %s: %+v", a0.Joint, j)
	}
}

// TestExportServoRefused: a servo drive has no MuJoCo counterpart; the export names the
// actuator and its drive.
func TestExportServoRefused(t *testing.T) {
	g := testfix.Builtin(t, "fivebar")
	g.Actuators[1].Drive = &cmg.Drive{Type: cmg.DriveServo, Frequency: 30, DampingRatio: 0.7}
	m := testfix.Compile(t, g, compile.Options{})
	err := mjcf.Export(m, m.Neutral(), &bytes.Buffer{}, mjcf.ExportOptions{})
	var fe *cmg.FieldError
	if !errors.As(err, &fe) || fe.Record != `actuator "`+g.Actuators[1].ID+`"` || fe.Field != "drive.type" {
		t.Errorf("got %v, want a field error on %s drive.type", err, g.Actuators[1].ID)
	}
}

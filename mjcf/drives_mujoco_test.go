//go:build mujoco

package mjcf_test

import (
	"bytes"
	"testing"

	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/mjcf"
)

// TestExportDrivesLoadInMuJoCo: MuJoCo compiles the export of a model with a lag drive
// and port and joint friction (stateless actuators first, tendons with damping and
// frictionloss, a filter actuator).
func TestExportDrivesLoadInMuJoCo(t *testing.T) {
	_, m := drivenFiveBar(t)
	var buf bytes.Buffer
	if err := mjcf.Export(m, m.Neutral(), &buf, mjcf.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	mm, err := mujoco.LoadXMLString(buf.String(), nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if _, err := mm.ActuatorID(m.Ports[0].ID); err != nil {
		t.Error(err)
	}
}

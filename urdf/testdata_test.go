package urdf

import (
	"math"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestDualArmFile imports testdata/dual_arm.urdf, the realistic test model shared with
// the command-line round-trip tests: a torso with two 4-DoF arms and mimicking grippers.
func TestDualArmFile(t *testing.T) {
	g, warns, err := ImportFile("testdata/dual_arm.urdf")
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || !strings.HasPrefix(warns[0], "testdata/dual_arm.urdf:201: <transmission>: not imported") {
		t.Errorf("warnings %v, want only the transmission", warns)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	for _, j := range g.Joints {
		types[j.Type]++
	}
	if g.Name != "dual_arm" || len(g.Bodies) != 15 || types["revolute"] != 8 || types["prismatic"] != 4 || types["fixed"] != 3 {
		t.Errorf("%s: %d bodies, joint types %v; want 15 bodies, 8 revolute, 4 prismatic, 3 fixed", g.Name, len(g.Bodies), types)
	}
	if j := g.Joint("torso__fixed"); j == nil || j.BodyA != "world" || j.BodyB != "torso" {
		t.Errorf("root weld %+v", j)
	}
	for _, side := range []string{"left", "right"} {
		cp := g.Coupling(side + "_finger_b_joint__mimic")
		if cp == nil || *cp != (cmg.Coupling{ID: side + "_finger_b_joint__mimic", Master: side + "_finger_a_joint", Slave: side + "_finger_b_joint", Multiplier: 1}) {
			t.Errorf("%s gripper mimic %+v", side, cp)
		}
		if w := g.Joint(side + "_wrist_roll"); w.Type != "revolute" || w.Limits != nil {
			t.Errorf("continuous wrist %+v", w)
		}
	}
	// left_shoulder_pan: origin 0 0.22 0.45 with roll -90°: the joint's z axis (its axis)
	// points along +y of the torso.
	pan := g.Joint("left_shoulder_pan")
	if ax := pan.FrameA.Rotation().MulVec(spatial.Vec3(*pan.Axis)); ax.Sub(spatial.Vec3{0, 1, 0}).Norm() > 1e-15 || pan.FrameA.Pos != [3]float64{0, 0.22, 0.45} {
		t.Errorf("left_shoulder_pan axis in the torso %v, frame %+v", ax, pan.FrameA)
	}
	if l := pan.Limits; l.Lower[0] != -2.6 || l.Upper[0] != 2.6 || pan.Damping != 0.5 || pan.Friction != 0.1 {
		t.Errorf("left_shoulder_pan limits %+v damping %g friction %g", l, pan.Damping, pan.Friction)
	}
	// right_tool: a half turn about x.
	if r := g.Joint("right_tool_frame").FrameA.Rotation(); !matClose(r, spatial.Mat3{{1, 0, 0}, {0, -1, 0}, {0, 0, -1}}, 1e-15) {
		t.Errorf("tool frame rotation %v", r)
	}
	// left_wrist inertia given in a frame turned 45° about z: Ixx, Iyy mix into Ixy.
	w := g.Body("left_wrist").Inertia
	if math.Abs(w[0]-0.00045) > 1e-15 || math.Abs(w[1]-0.00045) > 1e-15 || math.Abs(w[3]-(-0.00005)) > 1e-15 || w[2] != 0.0003 {
		t.Errorf("left_wrist inertia %v", w)
	}
}

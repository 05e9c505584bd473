package cmg

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// TestLookups checks the lookups by id and the defaults of ground and gravity.
func TestLookups(t *testing.T) {
	g := mustLoad(t, "full.json")
	if g.Body("arm2") != &g.Bodies[2] || g.Joint("elbow") != &g.Joints[2] || g.LoopCut("plate_arm") != &g.LoopCuts[1] ||
		g.Coupling("rail_follows_shoulder") != &g.Couplings[0] || g.Actuator("cylinder") != &g.Actuators[2] ||
		g.Site("floor_mark") != &g.Sites[1] {
		t.Error("a lookup returned the wrong record")
	}
	if g.Body("nope") != nil || g.Joint("") != nil || g.Site("tcp ") != nil {
		t.Error("a lookup found a missing id")
	}
	if g.GroundName() != "base" || !g.IsGround("base") || g.IsGround("world") {
		t.Error("ground name")
	}
	if g.GravityVec() != [3]float64{0, 0, -9.80665} {
		t.Error("gravity")
	}
	var empty Graph
	if empty.GroundName() != DefaultGround || empty.GravityVec() != [3]float64{0, 0, -9.81} {
		t.Error("defaults")
	}
	if nq, nv, ok := JointCoords(JointFree); nq != 7 || nv != 6 || !ok {
		t.Error("free joint coordinates")
	}
	if _, _, ok := JointCoords("hinge"); ok {
		t.Error("hinge is not a joint type")
	}
	if CutRows(CutUniversal) != 4 || CutRows("x") != 0 || len(CutTypes()) != 4 || len(JointTypes()) != 8 {
		t.Error("cut and joint type tables")
	}
}

// TestFrameTransform checks that quat, rot and identity frames give the same transform
// where they should.
func TestFrameTransform(t *testing.T) {
	s := math.Sqrt(0.5)
	pos := [3]float64{1, 2, 3}
	byQuat := Frame{Pos: pos, Quat: &[4]float64{s, 0, 0, s}} // 90° about z
	byRot := Frame{Pos: pos, Rot: &[9]float64{0, -1, 0, 1, 0, 0, 0, 0, 1}}
	a, b := byQuat.Transform(), byRot.Transform()
	if a.P != spatial.Vec3(pos) || b.P != spatial.Vec3(pos) {
		t.Error("position")
	}
	for i := range 3 {
		for j := range 3 {
			if math.Abs(a.R[i][j]-b.R[i][j]) > 1e-15 {
				t.Fatalf("quat gives %v, rot gives %v", a.R, b.R)
			}
		}
	}
	if x := a.Apply(spatial.Vec3{1, 0, 0}); math.Abs(x[0]-1) > 1e-15 || math.Abs(x[1]-3) > 1e-15 {
		t.Errorf("x axis maps to %v", x)
	}
	if (Frame{}).Transform() != spatial.Identity() {
		t.Error("empty frame is not the identity")
	}
}

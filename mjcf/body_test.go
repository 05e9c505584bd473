package mjcf

import (
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// jointMotion returns Q(q) of a CMG joint for the test's forward kinematics.
func jointMotion(t *testing.T, j *cmg.Joint, q cmg.Values) spatial.Transform {
	t.Helper()
	switch j.Type {
	case "fixed":
		return spatial.Identity()
	case "revolute":
		return spatial.Transform{R: spatial.ExpSO3(spatial.Vec3(*j.Axis).Scale(q[0]))}
	case "prismatic":
		return spatial.Transform{R: spatial.Identity3(), P: spatial.Vec3(*j.Axis).Scale(q[0])}
	case "spherical":
		return spatial.Transform{R: spatial.Quat{q[0], q[1], q[2], q[3]}.Mat3()}
	case "free":
		return spatial.Transform{R: spatial.Quat{q[3], q[4], q[5], q[6]}.Mat3(), P: spatial.Vec3{q[0], q[1], q[2]}}
	}
	t.Fatalf("joint type %s", j.Type)
	return spatial.Transform{}
}

// worldPoses runs forward kinematics over the graph's tree joints (the graphs in these
// tests have no loops), X = A·Q(q)·B⁻¹, with joint values from seed.
func worldPoses(t *testing.T, g *cmg.Graph, seed string) map[string]spatial.Transform {
	t.Helper()
	pose := map[string]spatial.Transform{g.GroundName(): spatial.Identity()}
	for range g.Joints {
		for i := range g.Joints {
			j := &g.Joints[i]
			pa, ok := pose[j.BodyA]
			if _, done := pose[j.BodyB]; !ok || done {
				continue
			}
			q := g.Seeds[seed][j.ID]
			X := j.FrameA.Transform().Mul(jointMotion(t, j, q)).Mul(j.FrameB.Transform().Inv())
			pose[j.BodyB] = pa.Mul(X)
		}
	}
	return pose
}

// poseClose compares a transform with MuJoCo's xpos/xquat.
func poseClose(x spatial.Transform, pos spatial.Vec3, quat spatial.Quat, tol float64) bool {
	return rotClose(x.R, quat.Mat3(), tol) && x.P.Sub(pos).Norm() <= tol
}

const chainDoc = `<mujoco>
 <compiler angle="radian"/>
 <worldbody>
  <body name="p" pos="0.1 0.2 0.3" euler="0.1 0.2 0.3">
   <joint name="h0" type="hinge" axis="0 0 1"/>
   <geom size="0.1"/>
   <body name="b" pos="0.5 0 0" quat="0.9 0.1 0.2 0.3">
     <joint name="j1" type="hinge" axis="1 1 0" pos="0.1 0 0" ref="0.3"/>
     <joint name="j2" type="slide" axis="0 0 1" pos="0 0.2 0" ref="0.05"/>
     <joint name="j3" type="hinge" axis="0 1 0" pos="0 0 0.1"/>
     <geom size="0.1"/>
     <body name="c" pos="0 0 0.4"><joint name="j4" axis="1 0 0"/><geom size="0.1"/></body>
   </body>
  </body>
 </worldbody>
 <keyframe><key name="k" qpos="0.4 0.7 -0.1 0.5 0.2"/></keyframe>
</mujoco>`

// TestMultiJointBody checks the chain through massless intermediate bodies, the joint
// frames with ref, and the seeds, against MuJoCo 2.2.2's forward kinematics of the same
// document at keyframe k (xpos, xquat after mj_resetDataKeyframe + mj_forward).
func TestMultiJointBody(t *testing.T) {
	g, warns := importString(t, chainDoc)
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, b := range g.Bodies {
		ids = append(ids, b.ID)
	}
	want := []string{"p", "b__j1", "b__j2", "b", "c"}
	if len(ids) != len(want) {
		t.Fatalf("bodies %v, want %v", ids, want)
	}
	for i := range want {
		if ids[i] != want[i] {
			t.Fatalf("bodies %v, want %v", ids, want)
		}
	}
	for _, id := range []string{"b__j1", "b__j2"} {
		if b := g.Body(id); b.Mass != 0 || b.Inertia != [6]float64{} {
			t.Errorf("intermediate body %s is not massless: %+v", id, b)
		}
	}
	if j := g.Joint("j1"); j.BodyA != "p" || j.BodyB != "b__j1" {
		t.Errorf("j1 %+v", j)
	}
	if j := g.Joint("j2"); j.BodyA != "b__j1" || j.BodyB != "b__j2" || j.FrameA.Quat != nil || j.FrameA.Pos != [3]float64{0, 0.2, 0} {
		t.Errorf("j2 %+v", j)
	}
	if j := g.Joint("j3"); j.BodyA != "b__j2" || j.BodyB != "b" {
		t.Errorf("j3 %+v", j)
	}
	if v := g.Seeds[DefaultSeed]["j1"]; v[0] != 0.3 {
		t.Errorf("qpos0 of j1 = %v, want ref 0.3", v)
	}
	if m := g.Body("b").Mass; !near(m, 4.1887902, 1e-6) {
		t.Errorf("sphere geom mass %g, MuJoCo gives 4.1887902", m)
	}
	poses := worldPoses(t, g, "k")
	mj := map[string]struct {
		p spatial.Vec3
		q spatial.Quat
	}{
		"p": {spatial.Vec3{0.1, 0.2, 0.3}, spatial.Quat{0.931800735822, 0.0809043958089, 0.0766114556571, 0.345445440442}},
		"b": {spatial.Vec3{0.393152981792, 0.444409950715, 0.222069806478}, spatial.Quat{0.526631891775, -0.0112793171882, 0.605038871911, 0.597042369557}},
		"c": {spatial.Vec3{0.642671810153, 0.738149062642, 0.329110398863}, spatial.Quat{0.525126978656, 0.0413524934873, 0.661620977342, 0.53365654677}},
	}
	for body, w := range mj {
		if !poseClose(poses[body], w.p, w.q, 1e-11) {
			t.Errorf("%s at keyframe k: %+v, MuJoCo %v %v", body, poses[body], w.p, w.q)
		}
	}
	// At qpos0 every body sits where the XML puts it.
	p0 := worldPoses(t, g, DefaultSeed)
	bx := spatial.Transform{R: eulerRotation("xyz", [3]float64{0.1, 0.2, 0.3}), P: spatial.Vec3{0.1, 0.2, 0.3}}
	bx = bx.Mul(spatial.Transform{R: spatial.Quat{0.9, 0.1, 0.2, 0.3}.Normalize().Mat3(), P: spatial.Vec3{0.5, 0, 0}})
	if !rotClose(p0["b"].R, bx.R, 1e-14) || p0["b"].P.Sub(bx.P).Norm() > 1e-14 {
		t.Errorf("b at qpos0: %+v, XML pose %+v", p0["b"], bx)
	}
}

func TestWeldedAndFreeBodies(t *testing.T) {
	g, _ := importString(t, `<mujoco><worldbody>
		<body name="base" pos="1 2 3" quat="0 1 0 0"><freejoint name="root"/>
			<body name="plate" pos="0 0 0.1"><geom type="box" size="0.1 0.1 0.01"/></body>
			<body name="arm"><joint name="ball" type="ball" pos="0 0 0.2"/><geom size="0.05"/></body>
		</body>
		<body name="m" mocap="true"/>
	</worldbody></mujoco>`)
	root := g.Joint("root")
	if root == nil || root.Type != "free" || root.BodyA != "world" || root.FrameA.Pos != [3]float64{} || root.FrameA.Quat != nil {
		t.Fatalf("free joint %+v", root)
	}
	if v := g.Seeds[DefaultSeed]["root"]; len(v) != 7 || v[0] != 1 || v[1] != 2 || v[2] != 3 || v[4] != 1 {
		t.Errorf("free qpos0 %v", v)
	}
	if j := g.Joint("plate__fixed"); j == nil || j.Type != "fixed" || j.BodyA != "base" || j.FrameA.Pos != [3]float64{0, 0, 0.1} {
		t.Errorf("plate weld %+v", j)
	}
	if j := g.Joint("ball"); j.Type != "spherical" || j.FrameA.Pos != [3]float64{0, 0, 0.2} || j.FrameB.Pos != [3]float64{0, 0, 0.2} {
		t.Errorf("ball %+v", j)
	}
	if v := g.Seeds[DefaultSeed]["ball"]; len(v) != 4 || v[0] != 1 {
		t.Errorf("ball qpos0 %v", v)
	}
	if j := g.Joint("m__fixed"); j == nil || j.BodyA != "world" {
		t.Errorf("mocap body %+v", j)
	}
	if err := g.Validate(); err != nil {
		t.Error(err)
	}
}

package mjcf

import (
	"math"
	"strings"
	"testing"
)

// TestJointLimitsAndUnits checks limited/range/autolimits, degree conversion of hinge
// range and ref (and not of slide values), and the reported ball cone limit.
func TestJointLimitsAndUnits(t *testing.T) {
	g, warns := importString(t, `<mujoco>
 <compiler autolimits="false"/>
 <worldbody><body name="a">
  <joint name="h" range="-30 60" ref="90"/>
  <joint name="s" type="slide" range="0 2" ref="0.5" limited="true"/>
  <joint name="off" range="-1 1" limited="false"/>
  <joint name="b" type="ball" range="0 45"/>
  <geom size="1"/>
 </body></worldbody>
</mujoco>`)
	d := math.Pi / 180
	h := g.Joint("h")
	if h.Limits == nil || !near(h.Limits.Lower[0], -30*d, 1e-15) || !near(h.Limits.Upper[0], 60*d, 1e-15) {
		t.Errorf("h limits %+v", h.Limits)
	}
	if v := g.Seeds[DefaultSeed]["h"]; !near(v[0], math.Pi/2, 1e-15) {
		t.Errorf("h qpos0 %v, want ref 90° in rad", v)
	}
	if s := g.Joint("s"); s.Limits.Upper[0] != 2 || s.FrameB.Pos != [3]float64{0, 0, 0.5} {
		t.Errorf("slide %+v: range and ref are metres", s)
	}
	if o := g.Joint("off"); o.Limits != nil {
		t.Errorf("limited=false keeps the joint unlimited: %+v", o.Limits)
	}
	if b := g.Joint("b"); b.Limits != nil || b.Type != "spherical" {
		t.Errorf("ball %+v", b)
	}
	var gotAuto, gotBall int
	for _, w := range warns {
		if strings.Contains(w, "autolimits") {
			gotAuto++
		}
		if strings.Contains(w, "ball joint cone limit") {
			gotBall++
		}
	}
	// h and b give a range without limited under autolimits="false".
	if gotAuto != 2 || gotBall != 1 {
		t.Errorf("warnings %v", warns)
	}
	_, _, err := Import([]byte(`<mujoco><worldbody><body name="a"><joint name="j" limited="true"/></body></worldbody></mujoco>`), ".", "l.xml")
	if e, ok := err.(*Error); !ok || e.Attr != "range" || e.Name != "j" {
		t.Errorf("limited without range: %v", err)
	}
}

// TestFreeJointType: <joint type="free"> (unlike <freejoint/>) takes class defaults; like
// it, it joins the world to the body with identity frames whatever its pos, so its value
// is the body's world pose (x, y, z, qw, qx, qy, qz), and keyframes fill all seven.
func TestFreeJointType(t *testing.T) {
	g, warns := importString(t, `<mujoco>
 <default><default class="fr"><joint type="free" damping="0.5" armature="0.01"/></default></default>
 <worldbody>
  <body name="b" pos="1 2 3" euler="0 0 90">
   <joint name="fj" class="fr" pos="0.1 0 0"/><geom size="0.1"/>
   <body name="c" pos="0 0 -0.5"><joint name="h" axis="0 1 0"/><geom size="0.1"/></body>
  </body>
 </worldbody>
 <keyframe><key name="k" qpos="4 5 6 0 1 0 0 0.25"/></keyframe>
</mujoco>`)
	if len(warns) != 0 {
		t.Errorf("warnings %v", warns)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	j := g.Joint("fj")
	if j == nil || j.Type != "free" || j.BodyA != "world" || j.BodyB != "b" || j.FrameA.Pos != [3]float64{} || j.FrameA.Quat != nil ||
		j.FrameB.Pos != [3]float64{} || j.FrameB.Quat != nil || j.Damping != 0.5 || j.Armature != 0.01 {
		t.Fatalf("free joint %+v", j)
	}
	s := math.Sqrt(0.5)
	want := []float64{1, 2, 3, s, 0, 0, s}
	for i, v := range g.Seeds[DefaultSeed]["fj"] {
		if !near(v, want[i], 1e-15) {
			t.Fatalf("qpos0 %v, want the body pose %v", g.Seeds[DefaultSeed]["fj"], want)
		}
	}
	if k := g.Seeds["k"]; len(k["fj"]) != 7 || k["fj"][0] != 4 || k["fj"][4] != 1 || len(k["h"]) != 1 || k["h"][0] != 0.25 {
		t.Errorf("keyframe k %v", k)
	}
	if len(g.Joints) != 2 || g.Joint("b__fixed") != nil {
		t.Errorf("joints %+v: a body with a free joint is not welded", g.Joints)
	}
	_, _, err := Import([]byte(`<mujoco><worldbody><body name="a"><joint name="h"/><geom size="1"/>
  <body name="b"><joint name="f" type="free"/><geom size="1"/></body></body></worldbody></mujoco>`), ".", "f.xml")
	if e, ok := err.(*Error); !ok || e.Name != "f" || e.Attr != "type" || !strings.Contains(e.Msg, "child of the world") {
		t.Errorf("nested free joint: %v", err)
	}
}

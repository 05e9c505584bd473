package mjcf

import (
	"math"
	"testing"
)

const defaultsDoc = `<mujoco>
 <default>
  <joint damping="1" axis="0 1 0" range="-90 90"/>
  <site quat="0 0 0 1"/>
  <default class="a">
   <joint damping="2" armature="0.5"/>
   <default class="b">
    <joint axis="1 0 0" type="slide"/>
    <site euler="0 0 0"/>
   </default>
  </default>
  <default class="c"><joint frictionloss="3" limited="false"/></default>
 </default>
 <worldbody>
  <body name="r">
   <joint name="j_main"/>
   <body name="x" childclass="a">
    <joint name="j_a"/>
    <joint name="j_b" class="b"/>
    <site name="s_a"/>
    <site name="s_b" class="b" pos="1 0 0"/>
    <frame childclass="c" pos="0 0 1">
     <joint name="j_c"/>
     <site name="s_c"/>
    </frame>
    <body name="y"><joint name="j_y"/></body>
    <body name="z" childclass="c"><joint name="j_z" class="a"/></body>
   </body>
  </body>
 </worldbody>
</mujoco>`

// TestDefaults checks class inheritance (nested classes start from their parent),
// childclass on bodies and frames, a class attribute overriding the childclass, and an
// element's orientation replacing its class's orientation.
func TestDefaults(t *testing.T) {
	g, warns := importString(t, defaultsDoc)
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	deg90 := math.Pi / 2
	type want struct {
		typ                 string
		axis                [3]float64
		damp, arm, fric, lo float64
		limited             bool
	}
	cases := map[string]want{
		"j_main": {"revolute", [3]float64{0, 1, 0}, 1, 0, 0, -deg90, true},
		"j_a":    {"revolute", [3]float64{0, 1, 0}, 2, 0.5, 0, -deg90, true},
		"j_b":    {"prismatic", [3]float64{1, 0, 0}, 2, 0.5, 0, -90, true}, // slide ranges are not angles
		"j_c":    {"revolute", [3]float64{0, 1, 0}, 1, 0, 3, 0, false},
		"j_y":    {"revolute", [3]float64{0, 1, 0}, 2, 0.5, 0, -deg90, true},
		"j_z":    {"revolute", [3]float64{0, 1, 0}, 2, 0.5, 0, -deg90, true},
	}
	for id, w := range cases {
		j := g.Joint(id)
		if j == nil {
			t.Errorf("joint %s missing", id)
			continue
		}
		if j.Type != w.typ || *j.Axis != w.axis || j.Damping != w.damp || j.Armature != w.arm || j.Friction != w.fric {
			t.Errorf("%s = %+v, want %+v", id, j, w)
		}
		if (j.Limits != nil) != w.limited || (w.limited && !near(j.Limits.Lower[0], w.lo, 1e-15)) {
			t.Errorf("%s limits %+v, want limited=%v lower %g", id, j.Limits, w.limited, w.lo)
		}
	}
	if j := g.Joint("j_c"); j.FrameA.Pos != [3]float64{0, 0, 1} {
		t.Errorf("joint inside a frame: anchor %v, want the frame's position", j.FrameA.Pos)
	}
	sa := g.Site("s_a")
	if sa.Kind != "frame" || sa.Frame.Quat == nil || *sa.Frame.Quat != [4]float64{0, 0, 0, 1} {
		t.Errorf("s_a (quat from the top-level class) = %+v", sa)
	}
	sb := g.Site("s_b")
	if sb.Kind != "frame" || sb.Frame.Quat == nil || *sb.Frame.Quat != [4]float64{1, 0, 0, 0} || sb.Frame.Pos != [3]float64{1, 0, 0} {
		t.Errorf("s_b (class b euler replaces the inherited quat) = %+v", sb)
	}
	if sc := g.Site("s_c"); sc.Body != "x" || sc.Frame.Pos != [3]float64{0, 0, 1} || *sc.Frame.Quat != [4]float64{0, 0, 0, 1} {
		t.Errorf("s_c = %+v", sc)
	}
}

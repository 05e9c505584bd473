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

package mjcf

import (
	"math"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
)

const actuatorDoc = `<mujoco>
 <default>
  <motor ctrlrange="-1 1"/>
  <default class="p"><position kp="50" ctrlrange="-0.5 0.5" forcerange="-20 20"/></default>
 </default>
 <worldbody>
  <body name="a"><joint name="h" range="-90 90"/><geom size="0.1"/>
   <body name="b"><joint name="s" type="slide" range="0 0.2"/><joint name="ball" type="ball"/><geom size="0.1"/></body>
  </body>
 </worldbody>
 <tendon><fixed name="t"><joint joint="h" coef="2"/><joint joint="s" coef="-1"/></fixed></tendon>
 <actuator>
  <motor name="m" joint="h" gear="10"/>
  <motor name="mf" joint="h" gear="10 0 0 0 0 0" forcerange="-0.5 2"/>
  <motor name="jp" jointinparent="s" gear="-2" ctrlrange="-3 3"/>
  <position name="pos" class="p" joint="s"/>
  <position name="pk" joint="h" kp="10" kv="1" inheritrange="0.5"/>
  <velocity name="v" joint="h" kv="3" ctrlrange="-2 2"/>
  <general name="g" tendon="t" gear="3" gainprm="5" ctrlrange="0 1"/>
  <cylinder name="cyl" joint="s" forcerange="-100 100"/>
  <motor name="zero" joint="h" gear="0"/>
  <motor name="st" site="x"/>
  <motor name="bm" joint="ball"/>
 </actuator>
</mujoco>`

// TestActuators checks transmissions, gear and the effort/stroke/speed limit rules.
func TestActuators(t *testing.T) {
	g, warns := importString(t, actuatorDoc)
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	lim := func(p *[2]float64) [2]float64 {
		if p == nil {
			return [2]float64{math.NaN(), math.NaN()}
		}
		return *p
	}
	eq := func(a, b [2]float64) bool { return near(a[0], b[0], 1e-15) && near(a[1], b[1], 1e-15) }
	deg := math.Pi / 180
	cases := []struct {
		id                     string
		typ, joint             string
		gear                   float64
		effort, stroke, speed  [2]float64
		noEffort, noS, noSpeed bool
	}{
		// motor: f = ctrl, so the effort limits are ctrlrange (the joint torque is gear·f).
		{id: "m", typ: "joint", joint: "h", gear: 10, effort: [2]float64{-1, 1}, noS: true, noSpeed: true},
		{id: "mf", typ: "joint", joint: "h", gear: 10, effort: [2]float64{-0.5, 1}, noS: true, noSpeed: true},
		// jointinparent is a joint transmission (the distinction only matters for ball joints).
		{id: "jp", typ: "joint", joint: "s", gear: -2, effort: [2]float64{-3, 3}, noS: true, noSpeed: true},
		{id: "pos", typ: "joint", joint: "s", gear: 1, effort: [2]float64{-20, 20}, stroke: [2]float64{-0.5, 0.5}, noSpeed: true},
		{id: "pk", typ: "joint", joint: "h", gear: 1, noEffort: true, stroke: [2]float64{-45 * deg, 45 * deg}, noSpeed: true},
		{id: "v", typ: "joint", joint: "h", gear: 1, noEffort: true, noS: true, speed: [2]float64{-2, 2}},
		{id: "g", typ: "transmission", effort: [2]float64{0, 5}, noS: true, noSpeed: true},
		{id: "cyl", typ: "joint", joint: "s", gear: 1, effort: [2]float64{-100, 100}, noS: true, noSpeed: true},
	}
	if len(g.Actuators) != len(cases) {
		t.Errorf("%d actuators, want %d", len(g.Actuators), len(cases))
	}
	for _, tc := range cases {
		a := g.Actuator(tc.id)
		if a == nil {
			t.Errorf("actuator %s missing", tc.id)
			continue
		}
		if a.Type != tc.typ || a.Joint != tc.joint || a.Gear != tc.gear {
			t.Errorf("%s = %+v", tc.id, a)
		}
		if (a.EffortLimits == nil) != tc.noEffort || (!tc.noEffort && !eq(lim(a.EffortLimits), tc.effort)) {
			t.Errorf("%s effort %v, want %v", tc.id, lim(a.EffortLimits), tc.effort)
		}
		if (a.StrokeLimits == nil) != tc.noS || (!tc.noS && !eq(lim(a.StrokeLimits), tc.stroke)) {
			t.Errorf("%s stroke %v, want %v", tc.id, lim(a.StrokeLimits), tc.stroke)
		}
		if (a.SpeedLimits == nil) != tc.noSpeed || (!tc.noSpeed && !eq(lim(a.SpeedLimits), tc.speed)) {
			t.Errorf("%s speed %v, want %v", tc.id, lim(a.SpeedLimits), tc.speed)
		}
	}
	// tendon t = 2h - s driven with gear 3: ℓ = 6h - 3s.
	if a := g.Actuator("g"); len(a.Transmission) != 2 ||
		a.Transmission[0] != (cmg.TransmissionTerm{Joint: "h", Coef: 6}) || a.Transmission[1] != (cmg.TransmissionTerm{Joint: "s", Coef: -3}) {
		t.Errorf("g transmission %+v", a.Transmission)
	}
	for _, w := range []string{`<motor name="zero">`, `<motor name="st">`, `<motor name="bm">`} {
		found := false
		for _, x := range warns {
			found = found || strings.Contains(x, w)
		}
		if !found {
			t.Errorf("no warning for %s: %v", w, warns)
		}
	}
}

func TestActuatorErrors(t *testing.T) {
	body := `<worldbody><body name="a"><joint name="h"/><geom size="1"/></body></worldbody>`
	for _, tc := range []struct{ act, attr, phrase string }{
		{`<motor name="x"/>`, "joint", "no transmission"},
		{`<motor name="x" joint="h" tendon="t"/>`, "tendon", "more than one"},
		{`<motor name="x" joint="q"/>`, "joint", "unknown joint"},
		{`<motor name="x" tendon="q"/>`, "tendon", "unknown tendon"},
		{`<motor name="x" joint="h" ctrlrange="1 -1"/>`, "ctrlrange", "exceeds"},
		{`<motor name="x" joint="h" ctrllimited="true"/>`, "ctrlrange", "needs"},
		{`<motor name="x" joint="h" ctrllimited="maybe" ctrlrange="0 1"/>`, "ctrllimited", "not valid"},
		{`<general name="x" joint="h" gaintype="weird"/>`, "gaintype", "not valid"},
		{`<position name="x" joint="h" inheritrange="1"/>`, "inheritrange", "no range"},
	} {
		_, _, err := Import([]byte(`<mujoco>`+body+`<actuator>`+tc.act+`</actuator></mujoco>`), ".", "a.xml")
		e, ok := err.(*Error)
		if !ok || e.Attr != tc.attr || !strings.Contains(e.Msg, tc.phrase) || e.Name != "x" {
			t.Errorf("%s: error %v, want attribute %s, %q", tc.act, err, tc.attr, tc.phrase)
		}
	}
}

// TestGeneralIgnoresShortcutAttributes: kp, kv and inheritrange shape the position and
// velocity shortcuts only; on a <general> actuator (directly or through its class) they
// are reported, and the force law is general's own (gain 1, no bias: the effort limits
// follow ctrlrange and there is no stroke).
func TestGeneralIgnoresShortcutAttributes(t *testing.T) {
	g, warns := importString(t, `<mujoco>
 <default><default class="servo"><position kp="50" ctrlrange="-1 1"/></default></default>
 <worldbody><body name="a"><joint name="h" range="-1 1"/><geom size="0.1"/></body></worldbody>
 <actuator>
  <general name="g" class="servo" joint="h"/>
  <position name="p" class="servo" joint="h"/>
 </actuator>
</mujoco>`)
	if len(warns) != 1 || !strings.Contains(warns[0], `<general name="g">: kp (set here or by the default class)`) {
		t.Errorf("warnings %v, want one about kp on g", warns)
	}
	if a := g.Actuator("g"); a.EffortLimits == nil || *a.EffortLimits != [2]float64{-1, 1} || a.StrokeLimits != nil {
		t.Errorf("general %+v: want effort ±1 (gain 1), no stroke", a)
	}
	if a := g.Actuator("p"); a.StrokeLimits == nil || *a.StrokeLimits != [2]float64{-1, 1} || a.EffortLimits != nil {
		t.Errorf("position %+v: want stroke ±1 (the servo set point), no effort limit", a)
	}
}

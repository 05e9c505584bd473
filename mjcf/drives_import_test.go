package mjcf

import (
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
)

const drivesDoc = `<mujoco>
 <worldbody>
  <body name="a"><joint name="h" damping="0.3" frictionloss="0.2"/><geom size="0.1"/>
   <body name="b"><joint name="s" type="slide"/><geom size="0.1"/></body>
  </body>
 </worldbody>
 <tendon>
  <fixed name="t" damping="4" frictionloss="3"><joint joint="h" coef="1"/><joint joint="s" coef="-1"/></fixed>
  <fixed name="idle" frictionloss="1"><joint joint="s" coef="1"/></fixed>
 </tendon>
 <actuator>
  <general name="lag" joint="h" gear="2" dyntype="filter" dynprm="0.05" gainprm="3" ctrlrange="-2 2"/>
  <general name="lag_default" joint="s" dyntype="filterexact"/>
  <general name="tendon" tendon="t" gear="2"/>
  <general name="tendon2" tendon="t"/>
  <position name="servo" joint="h" kp="10" timeconst="0.1"/>
  <general name="int" joint="s" dyntype="integrator"/>
 </actuator>
</mujoco>`

// TestImportDrives: first-order activation dynamics with a force proportional to the
// activation import as lag drives (effort limits gain·ctrlrange), a fixed tendon's
// damping and frictionloss go to the first port driving it in port units, joint damping
// and frictionloss to the joint, and what has no CMG counterpart is reported.
func TestImportDrives(t *testing.T) {
	g, warns := importString(t, drivesDoc)
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	act := func(id string) *cmg.Actuator {
		for i := range g.Actuators {
			if g.Actuators[i].ID == id {
				return &g.Actuators[i]
			}
		}
		t.Fatalf("no actuator %q", id)
		return nil
	}
	if a := act("lag"); a.Drive == nil || *a.Drive != (cmg.Drive{Type: cmg.DriveLag, TimeConstant: 0.05}) ||
		a.EffortLimits == nil || *a.EffortLimits != [2]float64{-6, 6} {
		t.Errorf("lag: drive %+v, effort limits %v", a.Drive, a.EffortLimits)
	}
	if a := act("lag_default"); a.Drive == nil || a.Drive.TimeConstant != 1 {
		t.Errorf("lag_default: drive %+v, want MuJoCo's default time constant 1 s", a.Drive)
	}
	if a := act("tendon"); a.Damping != 1 || a.Friction != 1.5 {
		t.Errorf("tendon port: damping %g, friction %g; want 4/2² = 1 and 3/2 = 1.5", a.Damping, a.Friction)
	}
	if a := act("tendon2"); a.Damping != 0 || a.Friction != 0 {
		t.Errorf("second port on the tendon: damping %g, friction %g; the tendon's losses count once", a.Damping, a.Friction)
	}
	for _, id := range []string{"servo", "int"} {
		if act(id).Drive != nil {
			t.Errorf("%s: drive %+v imported", id, act(id).Drive)
		}
	}
	if j := g.Joint("h"); j.Damping != 0.3 || j.Friction != 0.2 {
		t.Errorf("joint h: damping %g, friction %g", j.Damping, j.Friction)
	}
	all := strings.Join(warns, "\n")
	for _, w := range []string{`"servo"`, "filter a servo's set point", `"int"`, "dyntype integrator have no CMG drive",
		`already carried by actuator "tendon"`, `"idle"`, "no actuator drives this tendon"} {
		if !strings.Contains(all, w) {
			t.Errorf("no warning containing %q in:\n%s", w, all)
		}
	}
}

package mjcf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// fourBarDoc is a four-bar closed by a connect whose third hinge is tilted by tilt rad.
func fourBarDoc(tilt float64) string {
	return fmt.Sprintf(`<mujoco>
 <worldbody>
  <body name="crank"><joint name="j1" axis="0 0 1"/><inertial pos="0.1 0 0" mass="1" diaginertia="0.1 0.1 0.1"/>
   <body name="coupler" pos="0.2 0 0"><joint name="j2" axis="0 0 1"/><inertial pos="0.2 0 0" mass="1" diaginertia="0.1 0.1 0.1"/></body>
  </body>
  <body name="rocker" pos="0.4 0 0"><joint name="j3" axis="0 %g 1"/><joint name="s" type="slide" axis="1 0 0"/><inertial pos="0 0.1 0" mass="1" diaginertia="0.1 0.1 0.1"/></body>
 </worldbody>
 <equality><connect name="close" body1="coupler" body2="rocker" anchor="0.2 0 0"/></equality>
</mujoco>`, tilt)
}

// TestSnapPlanarLoops: a loop off-planar by 1e-7 rad is snapped (its hinge axes exactly
// parallel, the slide axis in their plane) and reported; one off by 1e-3 rad is not.
func TestSnapPlanarLoops(t *testing.T) {
	g, warns, err := ImportWith([]byte(fourBarDoc(1e-7)), ".", "fourbar.xml", ImportOptions{SnapPlanarLoops: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "close") {
		t.Errorf("warnings %q, want one naming the loop", warns)
	}
	z := spatial.Vec3{0, 0, 1}
	for _, id := range []string{"j1", "j2", "j3"} {
		if a := spatial.Vec3(*g.Joint(id).Axis); a.Cross(z).Norm() != 0 {
			t.Errorf("%s axis %v, want exactly ±z", id, a)
		}
	}
	if a := spatial.Vec3(*g.Joint("s").Axis); a.Dot(z) != 0 {
		t.Errorf("slide axis %v, want it in the plane", a)
	}
	g, warns, err = ImportWith([]byte(fourBarDoc(1e-3)), ".", "fourbar.xml", ImportOptions{SnapPlanarLoops: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 || spatial.Vec3(*g.Joint("j3").Axis).Cross(z).Norm() < 1e-4 {
		t.Errorf("a loop 1e-3 rad off-planar was snapped: %q", warns)
	}
}

package mjcf

import (
	"fmt"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// tensor rebuilds the 3x3 inertia of a CMG body.
func tensor(b *cmg.Body) spatial.Mat3 {
	i := b.Inertia
	return spatial.Mat3{{i[0], i[3], i[4]}, {i[3], i[1], i[5]}, {i[4], i[5], i[2]}}
}

// principal builds R·diag·Rᵀ from a principal-frame quaternion and moments.
func principal(q spatial.Quat, d [3]float64) spatial.Mat3 {
	r := q.Normalize().Mat3()
	return r.Mul(spatial.Mat3{{d[0], 0, 0}, {0, d[1], 0}, {0, 0, d[2]}}).Mul(r.T())
}

// TestDiagVersusFullInertia checks that diaginertia with a quat is rotated into the body
// frame: the fullinertia of the same tensor gives the same body.
func TestDiagVersusFullInertia(t *testing.T) {
	q := spatial.Quat{0.8, 0.1, -0.3, 0.2}
	I := principal(q, [3]float64{0.1, 0.2, 0.25})
	doc := fmt.Sprintf(`<mujoco><worldbody>
		<body name="d"><joint axis="1 0 0"/><inertial pos="0.1 0.2 0.3" quat="0.8 0.1 -0.3 0.2" mass="2" diaginertia="0.1 0.2 0.25"/></body>
		<body name="f"><joint axis="1 0 0"/><inertial pos="0.1 0.2 0.3" mass="2" fullinertia="%.17g %.17g %.17g %.17g %.17g %.17g"/></body>
	</worldbody></mujoco>`, I[0][0], I[1][1], I[2][2], I[0][1], I[0][2], I[1][2])
	g, _ := importString(t, doc)
	d, f := g.Body("d"), g.Body("f")
	if d.Mass != 2 || d.COM != [3]float64{0.1, 0.2, 0.3} || f.COM != d.COM {
		t.Errorf("mass/com: %+v %+v", d, f)
	}
	for k := range 6 {
		if !near(d.Inertia[k], f.Inertia[k], 1e-15) {
			t.Errorf("diaginertia+quat %v differs from fullinertia %v", d.Inertia, f.Inertia)
			break
		}
	}
	if d.Inertia[3] == 0 || d.Inertia[4] == 0 {
		t.Errorf("rotated inertia has no products: %v", d.Inertia)
	}
	// MuJoCo 2.2.2 gives the same principal frame for d: iquat 0.9058…, I = (0.1, 0.2, 0.25).
	mj := principal(spatial.Quat{0.905821627315677, 0.11322770341446, -0.339683110243379, 0.226455406828919}, [3]float64{0.1, 0.2, 0.25})
	if !rotClose(tensor(d), mj, 1e-14) {
		t.Errorf("body d inertia %v, MuJoCo %v", tensor(d), mj)
	}
}

// TestGeomInertia checks mass properties inferred from primitive geoms (no <inertial>)
// against MuJoCo 2.2.2 (body_mass, body_ipos, body_iquat, body_inertia).
func TestGeomInertia(t *testing.T) {
	g, warns := importString(t, `<mujoco><worldbody>
  <body name="g">
   <joint axis="1 0 0"/>
   <geom type="box" size="0.1 0.2 0.3" pos="0.1 0 0" euler="10 20 30"/>
   <geom type="capsule" fromto="0 0 0 0.3 0.1 0.2" size="0.05"/>
   <geom type="cylinder" size="0.04 0.1" pos="0 0.2 0" quat="1 1 0 0" density="500"/>
   <geom type="ellipsoid" size="0.05 0.06 0.07" pos="0 0 -0.2" mass="2"/>
   <geom type="sphere" size="0.03" pos="-0.1 0 0"/>
   <geom type="mesh" mesh="missing"/>
  </body>
 </worldbody></mujoco>`)
	b := g.Body("g")
	if !near(b.Mass, 54.0780417753367, 1e-10) {
		t.Errorf("mass %.15g, MuJoCo 54.0780417753367", b.Mass)
	}
	com := [3]float64{0.098155065059195, 0.00506019516781629, -0.000994322958292073}
	for k := range 3 {
		if !near(b.COM[k], com[k], 1e-12) {
			t.Errorf("com %v, MuJoCo %v", b.COM, com)
			break
		}
	}
	mj := principal(spatial.Quat{0.944504414384903, 0.110512669456201, 0.164178698498812, 0.262190228758306},
		[3]float64{2.28618229452635, 1.81128122544754, 0.877037010202241})
	// MuJoCo stores the tensor as an iteratively computed eigen decomposition (mju_eig3),
	// accurate to about 1e-9 here.
	if !rotClose(tensor(b), mj, 1e-8) {
		t.Errorf("inertia %v, MuJoCo %v", tensor(b), mj)
	}
	if len(warns) != 1 {
		t.Errorf("want one warning about the mesh geom, got %v", warns)
	}
}

func TestInertialErrors(t *testing.T) {
	for _, tc := range []struct{ inertial, attr string }{
		{`<inertial pos="0 0 0" mass="1"/>`, "diaginertia"},
		{`<inertial mass="1" diaginertia="1 1 1"/>`, "pos"},
		{`<inertial pos="0 0 0" diaginertia="1 1 1"/>`, "mass"},
		{`<inertial pos="0 0 0" mass="-1" diaginertia="1 1 1"/>`, "mass"},
		{`<inertial pos="0 0 0" mass="1" diaginertia="1 1 1" fullinertia="1 1 1 0 0 0"/>`, "fullinertia"},
		{`<inertial pos="0 0 0" mass="1" euler="0 0 1" fullinertia="1 1 1 0 0 0"/>`, "euler"},
		{`<inertial pos="0 0 0" mass="1" diaginertia="1 -1 1"/>`, "diaginertia"},
	} {
		_, _, err := Import([]byte(`<mujoco><worldbody><body name="b"><joint/>`+tc.inertial+`</body></worldbody></mujoco>`), ".", "i.xml")
		e, ok := err.(*Error)
		if !ok || e.Attr != tc.attr || e.Element != "inertial" {
			t.Errorf("%s: error %v, want one about attribute %s", tc.inertial, err, tc.attr)
		}
	}
}

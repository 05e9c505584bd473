package robots

import (
	"fmt"
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// stewartLegLength returns the distance from base anchor i to platform anchor i with
// the platform at position pp and rotation vector tilt, by an independent route.
func stewartLegLength(p StewartParams, i int, pp spatial.Vec3, tilt spatial.Vec3) float64 {
	th := tilt.Norm()
	r := spatial.Identity3()
	if th > 0 {
		r = fkAxisAngle([3]float64(tilt.Scale(1/th)), th)
	}
	return pp.Add(r.MulVec(p.PlatformAnchors[i])).Sub(p.BaseAnchors[i]).Norm()
}

func TestStewartGeometry(t *testing.T) {
	g, _ := Get("stewart")
	p := DefaultStewartParams()
	seed := g.Seeds["default"]
	res, err := closeLoops(g, bfsTree(g, nil))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		leg := func(s string) string { return fmt.Sprintf("leg_%d_%s", i, s) }
		// Anchors: the exact angles and radii of the specification.
		b, a := p.BaseAnchors[i], p.PlatformAnchors[i]
		if d := math.Hypot(b[0], b[1]) - 0.55; math.Abs(d) > 1e-15 || b[2] != 0 {
			t.Errorf("base anchor %d = %v", i, b)
		}
		if d := math.Hypot(a[0], a[1]) - 0.35; math.Abs(d) > 1e-15 || a[2] != 0 {
			t.Errorf("platform anchor %d = %v", i, a)
		}
		if d := math.Atan2(b[1], b[0])*180/math.Pi - stewartBaseDeg[i]; math.Abs(math.Remainder(d, 360)) > 1e-12 {
			t.Errorf("base anchor %d at wrong angle", i)
		}
		if d := math.Atan2(a[1], a[0])*180/math.Pi - stewartPlatformDeg[i]; math.Abs(math.Remainder(d, 360)) > 1e-12 {
			t.Errorf("platform anchor %d at wrong angle", i)
		}
		// Leg length: the prismatic coordinate, within the stroke, equal to the anchor distance.
		l := seed[leg("length")][0]
		want := stewartLegLength(p, i, spatial.Vec3{0, 0, 0.6}, spatial.Vec3{})
		if math.Abs(l-want) > 1e-15 || l < 0.5 || l > 0.91 {
			t.Errorf("leg %d length %v, want %v within [0.50, 0.91]", i, l, want)
		}
		// Nominal pose: universal angles 0, spherical joints at the identity.
		if u1, u2 := seed[leg("u1")][0], seed[leg("u2")][0]; math.Abs(u1) > 1e-15 || math.Abs(u2) > 1e-15 {
			t.Errorf("leg %d universal angles %v %v, want 0", i, u1, u2)
		}
		if q := seed[leg("ball")]; math.Abs(q[0]-1) > 1e-15 || math.Abs(q[1])+math.Abs(q[2])+math.Abs(q[3]) > 1e-15 {
			t.Errorf("leg %d ball %v, want identity", i, q)
		}
		// The barrel's z axis points along the leg; COMs sit 0.16 m up / 0.15 m down the leg.
		u := a.Add(spatial.Vec3{0, 0, 0.6}).Sub(b).Scale(1 / want)
		barrel, rod := res.Pose[leg("barrel")], res.Pose[leg("rod")]
		if e := barrel.R.MulVec(spatial.Vec3{0, 0, 1}).Sub(u).Norm(); e > 1e-15 {
			t.Errorf("leg %d barrel axis off by %g", i, e)
		}
		if e := barrel.Apply(g.Bodies[3*i+1].COM).Sub(b.Add(u.Scale(0.16))).Norm(); e > 1e-15 {
			t.Errorf("leg %d barrel COM off by %g", i, e)
		}
		if e := rod.Apply(g.Bodies[3*i+2].COM).Sub(a.Add(spatial.Vec3{0, 0, 0.6}).Sub(u.Scale(0.15))).Norm(); e > 1e-15 {
			t.Errorf("leg %d rod COM off by %g", i, e)
		}
		// Universal axes are perpendicular to the leg and to each other.
		u1 := res.Pose[g.Joints[4*i].BodyB].R.MulVec(*g.Joints[4*i].Axis)
		if math.Abs(u1.Dot(u)) > 1e-15 || math.Abs(u1[2]) > 1e-15 {
			t.Errorf("leg %d first universal axis %v not horizontal and normal to the leg", i, u1)
		}
	}
	// Actuators: order, names, joints and limits are part of the API.
	for i, a := range g.Actuators {
		want := cmg.Actuator{ID: fmt.Sprintf("leg_%d_force", i), Type: cmg.ActJoint, Joint: fmt.Sprintf("leg_%d_length", i), Gear: 1}
		if a.ID != want.ID || a.Joint != want.Joint || a.Type != want.Type || a.Gear != 1 ||
			*a.EffortLimits != [2]float64{-900, 900} || *a.StrokeLimits != [2]float64{0.50, 0.91} {
			t.Errorf("actuator %d = %+v", i, a)
		}
		if r := g.PartitionRequests["lengths"][i]; r != want.Joint {
			t.Errorf("lengths[%d] = %s, want %s", i, r, want.Joint)
		}
	}
	// Masses: 6 × (0.20 + 1.0 + 0.45) + 12 + 8.
	total := 0.0
	for _, b := range g.Bodies {
		total += b.Mass
	}
	if math.Abs(total-29.9) > 1e-12 {
		t.Errorf("total mass %v, want 29.9", total)
	}
	pl := g.Bodies[18]
	if pl.ID != "platform" || pl.Mass != 12 || pl.Inertia != [6]float64{0.32, 0.32, 0.62, 0, 0, 0} {
		t.Errorf("platform %+v", pl)
	}
	if s := g.Sites[0]; s.ID != "platform_center" || s.Kind != cmg.SiteFrame || s.Body != "platform" {
		t.Errorf("site %+v", s)
	}
	if res.Pose["platform"].P.Sub(spatial.Vec3{0, 0, 0.6}).Norm() > 1e-15 || rotAngle(res.Pose["platform"].R) > 1e-15 {
		t.Errorf("platform at %v", res.Pose["platform"].P)
	}
}

// TestStewartDisplacedSeed checks the closed-form seed away from the nominal pose, where
// every universal angle and spherical quaternion is non-trivial.
func TestStewartDisplacedSeed(t *testing.T) {
	p := DefaultStewartParams()
	p.SeedShift = spatial.Vec3{0.03, -0.02, 0.05}
	p.SeedTilt = spatial.Vec3{0.08, -0.05, 0.2}
	p.BaseAnchors[2][0] += 0.01 // asymmetric geometry
	g := NewStewart(p)
	checkRecords(t, "displaced stewart", g)
	pos, rot, _, err := closeLoopsOrders(g, 8, 3)
	if err != nil {
		t.Fatal(err)
	}
	if pos > 1e-12 || rot > 1e-12 {
		t.Errorf("displaced seed gap %.3g m / %.3g rad", pos, rot)
	}
	res, _ := closeLoops(g, bfsTree(g, nil))
	pl := res.Pose["platform"]
	if e := pl.P.Sub(spatial.Vec3{0.03, -0.02, 0.65}).Norm(); e > 1e-12 {
		t.Errorf("platform position off by %g", e)
	}
	if e := rotAngle(pl.R.T().Mul(fkAxisAngle([3]float64(p.SeedTilt.Scale(1/p.SeedTilt.Norm())), p.SeedTilt.Norm()))); e > 1e-12 {
		t.Errorf("platform rotation off by %g", e)
	}
	for i := range 6 {
		seed := g.Seeds["default"]
		l := seed[fmt.Sprintf("leg_%d_length", i)][0]
		if want := stewartLegLength(p, i, pl.P, p.SeedTilt); math.Abs(l-want) > 1e-12 {
			t.Errorf("leg %d length %v, want %v", i, l, want)
		}
		if math.Abs(seed[fmt.Sprintf("leg_%d_u1", i)][0]) < 1e-3 && math.Abs(seed[fmt.Sprintf("leg_%d_u2", i)][0]) < 1e-3 {
			t.Errorf("leg %d: trivial universal angles at a displaced seed", i)
		}
	}
}

package robots

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// StewartGround is the name of the Stewart platform's ground frame.
const StewartGround = "base"

// NewStewart builds a 6-UPS Stewart platform from p.
//
// Leg i (i = 0…5) has bodies leg_i_yoke, leg_i_barrel and leg_i_rod and joints
// leg_i_u1 (base → yoke, revolute about x), leg_i_u2 (yoke → barrel, revolute about y),
// leg_i_length (barrel → rod, prismatic along z; its coordinate is the leg length from
// base anchor to platform anchor) and leg_i_ball (rod → platform, spherical). All four
// joint frames use the leg frame L_i: z along the nominal leg direction (base anchor to
// platform anchor with the platform level at p.Height), x horizontal (e_z × z,
// normalised; e_x for a vertical leg) and y = z × x. The universal joint's frame is L_i
// at the base anchor, the spherical joint's frame is L_i at the platform anchor, so
// every universal angle is 0 and every spherical joint is the identity in the nominal
// pose. The yoke and barrel frames are L_i at the base anchor and the rod frame is L_i
// at the platform anchor when those coordinates are zero.
//
// The payload is welded to the platform by payload_mount; the actuators leg_i_force
// drive leg_i_length. The default seed is the pose displaced from nominal by
// p.SeedShift and p.SeedTilt, with every coordinate computed in closed form.
func NewStewart(p StewartParams) *cmg.Graph {
	g := &cmg.Graph{
		Schema:            cmg.SchemaVersion,
		Name:              "stewart",
		Ground:            StewartGround,
		Gravity:           &[3]float64{0, 0, -9.81},
		Sites:             []cmg.Site{{ID: "platform_center", Kind: cmg.SiteFrame, Body: "platform", Frame: at(0, 0, 0)}},
		Seeds:             map[string]map[string]cmg.Values{"default": {}},
		PartitionRequests: map[string][]string{"lengths": nil},
		Scales:            &cmg.Scales{LengthM: 0.5, AngleRad: 1},
	}
	seed := g.Seeds["default"]
	rp := spatial.ExpSO3(p.SeedTilt)                    // seed platform orientation
	pp := spatial.Vec3{0, 0, p.Height}.Add(p.SeedShift) // seed platform position
	ulim := &cmg.Limits{Lower: []float64{-p.UniversalLimit}, Upper: []float64{p.UniversalLimit}}
	for i := range 6 {
		leg := func(part string) string { return fmt.Sprintf("leg_%d_%s", i, part) }
		b, a := p.BaseAnchors[i], p.PlatformAnchors[i]
		ql := legFrame(a.Add(spatial.Vec3{0, 0, p.Height}).Sub(b))
		rl := ql.Mat3()

		g.Bodies = append(g.Bodies,
			legPart(leg("yoke"), p.Yoke),
			legPart(leg("barrel"), p.Barrel),
			legPart(leg("rod"), p.Rod))
		g.Joints = append(g.Joints,
			cmg.Joint{ID: leg("u1"), Type: "revolute", BodyA: StewartGround, BodyB: leg("yoke"),
				FrameA: frameOfQuat(b, ql), FrameB: at(0, 0, 0), Axis: vec(1, 0, 0), Limits: copyLimits(ulim)},
			cmg.Joint{ID: leg("u2"), Type: "revolute", BodyA: leg("yoke"), BodyB: leg("barrel"),
				FrameA: at(0, 0, 0), FrameB: at(0, 0, 0), Axis: vec(0, 1, 0), Limits: copyLimits(ulim)},
			cmg.Joint{ID: leg("length"), Type: "prismatic", BodyA: leg("barrel"), BodyB: leg("rod"),
				FrameA: at(0, 0, 0), FrameB: at(0, 0, 0), Axis: vec(0, 0, 1),
				Limits: &cmg.Limits{Lower: []float64{p.Stroke[0]}, Upper: []float64{p.Stroke[1]}}},
			cmg.Joint{ID: leg("ball"), Type: "spherical", BodyA: leg("rod"), BodyB: "platform",
				FrameA: at(0, 0, 0), FrameB: frameOfQuat(a, ql)})
		g.Actuators = append(g.Actuators, cmg.Actuator{
			ID: leg("force"), Type: cmg.ActJoint, Joint: leg("length"), Gear: 1,
			EffortLimits: pair(-p.Effort, p.Effort), StrokeLimits: pair(p.Stroke[0], p.Stroke[1]),
		})
		g.PartitionRequests["lengths"] = append(g.PartitionRequests["lengths"], leg("length"))

		// Seed: leg vector d from base anchor to the seed's platform anchor, written in L_i.
		d := pp.Add(rp.MulVec(a)).Sub(b)
		length := d.Norm()
		dl := rl.T().MulVec(d).Scale(1 / length)
		// Barrel z = Rx(q1)·Ry(q2)·e_z = (sin q2, -sin q1 cos q2, cos q1 cos q2) in L_i.
		q1 := math.Atan2(-dl[1], dl[2])
		q2 := math.Atan2(dl[0], math.Hypot(dl[1], dl[2]))
		rbarrel := rl.Mul(spatial.ExpSO3(spatial.Vec3{q1, 0, 0})).Mul(spatial.ExpSO3(spatial.Vec3{0, q2, 0}))
		// Spherical: platform pose in the rod = Q(ball)·(L_i in platform)⁻¹, rod ∥ barrel.
		ball := spatial.QuatFromMat3(rbarrel.T().Mul(rp).Mul(rl))
		seed[leg("u1")] = cmg.Values{q1}
		seed[leg("u2")] = cmg.Values{q2}
		seed[leg("length")] = cmg.Values{length}
		seed[leg("ball")] = cmg.Values(ball[:])
	}
	g.Bodies = append(g.Bodies,
		cmg.Body{ID: "platform", Mass: p.PlatformMass, COM: p.PlatformCOM, Inertia: p.PlatformInertia},
		cmg.Body{ID: "payload", Mass: p.PayloadMass, COM: p.PayloadCOM, Inertia: p.PayloadInertia})
	g.Joints = append(g.Joints, cmg.Joint{ID: "payload_mount", Type: "fixed", BodyA: "platform", BodyB: "payload",
		FrameA: at(0, 0, 0), FrameB: at(0, 0, 0)})
	return g
}

// legFrame returns the orientation of a leg frame with z along d: x = e_z × z
// normalised (e_x when d is vertical), y = z × x.
func legFrame(d spatial.Vec3) spatial.Quat {
	z := d.Scale(1 / d.Norm())
	x := spatial.Vec3{0, 0, 1}.Cross(z)
	if n := x.Norm(); n > 1e-9 {
		x = x.Scale(1 / n)
	} else {
		x = spatial.Vec3{1, 0, 0}
	}
	y := z.Cross(x)
	return spatial.QuatFromMat3(spatial.Mat3{{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}})
}

// legPart returns a leg body from its part model.
func legPart(id string, s StewartPart) cmg.Body {
	return cmg.Body{ID: id, Mass: s.Mass, COM: [3]float64{0, 0, s.COM}, Inertia: s.Inertia}
}

// copyLimits returns a deep copy of l.
func copyLimits(l *cmg.Limits) *cmg.Limits {
	return &cmg.Limits{Lower: append([]float64(nil), l.Lower...), Upper: append([]float64(nil), l.Upper...)}
}

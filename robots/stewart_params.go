package robots

import (
	"math"

	"github.com/robocompiler/robocompiler/spatial"
)

// StewartPart is the mass model of one leg part. Its frame has z along the leg (see
// NewStewart), so COM is the centre of mass's coordinate along z.
type StewartPart struct {
	// Mass is in kg.
	Mass float64
	// COM is the centre of mass on the leg axis, m, in the part's frame.
	COM float64
	// Inertia is the central inertia [Ixx, Iyy, Izz, Ixy, Ixz, Iyz], kg·m², in the
	// part's frame.
	Inertia [6]float64
}

// StewartParams are the geometry, limits and mass properties of a 6-UPS Stewart
// platform. Leg i joins BaseAnchors[i] to PlatformAnchors[i].
type StewartParams struct {
	// BaseAnchors are the universal-joint centres in the base (ground) frame, m.
	BaseAnchors [6]spatial.Vec3
	// PlatformAnchors are the spherical-joint centres in the platform frame, m.
	PlatformAnchors [6]spatial.Vec3
	// Height is the nominal height of the platform origin above the base origin, m; in
	// the nominal pose the platform is level and every joint coordinate but the leg
	// lengths is zero.
	Height float64
	// SeedShift displaces the default seed's platform from the nominal pose, m, in the
	// base frame (zero: the nominal pose).
	SeedShift spatial.Vec3
	// SeedTilt is the rotation vector of the seed's platform relative to the nominal
	// pose, rad, in the base frame (zero: level).
	SeedTilt spatial.Vec3
	// UniversalLimit bounds both angles of each base universal joint, ±rad about the
	// nominal leg direction.
	UniversalLimit float64
	// Stroke is the [min, max] leg length, m: the prismatic joint limits and the
	// actuators' stroke limits.
	Stroke [2]float64
	// Effort is the actuators' force limit, ±N.
	Effort float64
	// Yoke, Barrel and Rod are each leg's parts: the yoke's frame is centred on the
	// universal joint, the barrel's on the base anchor and the rod's on the platform
	// anchor (its tip), all with z along the leg.
	Yoke, Barrel, Rod StewartPart
	// PlatformMass (kg), PlatformCOM (m) and PlatformInertia (central, kg·m²) are the
	// moving platform's, in the platform frame (origin at the anchors' plane).
	PlatformMass    float64
	PlatformCOM     spatial.Vec3
	PlatformInertia [6]float64
	// PayloadMass, PayloadCOM and PayloadInertia are the payload's, welded to the
	// platform; the payload frame coincides with the platform frame.
	PayloadMass    float64
	PayloadCOM     spatial.Vec3
	PayloadInertia [6]float64
}

// Default Stewart geometry: anchor circles and their angles in degrees.
const (
	stewartBaseRadius     = 0.55
	stewartPlatformRadius = 0.35
	stewartHeight         = 0.60
)

var (
	stewartBaseDeg     = [6]float64{-10, 10, 110, 130, 230, 250}
	stewartPlatformDeg = [6]float64{-50, 50, 70, 170, 190, 290}
)

// DefaultStewartParams returns the built-in "stewart" platform: base anchors on a 0.55 m
// circle at -10, 10, 110, 130, 230 and 250°, platform anchors on a 0.35 m circle at -50,
// 50, 70, 170, 190 and 290° (all at z = 0), nominal height 0.60 m, universal limits
// ±0.5 rad, stroke [0.50, 0.91] m, effort ±900 N. Parts: yoke 0.20 kg (solid cylinder
// r 30 mm × 60 mm, centred on the universal joint), barrel 1.0 kg (tube r 35/25 mm ×
// 0.32 m from the base anchor, COM 0.16 m up the leg), rod 0.45 kg (solid cylinder r
// 15 mm × 0.30 m below the tip, COM 0.15 m down from the tip), platform 12 kg with
// inertia diag(0.32, 0.32, 0.62), payload 8 kg as a 0.3 m cube with its COM 0.05 m above
// the platform origin.
func DefaultStewartParams() StewartParams {
	p := StewartParams{
		Height:          stewartHeight,
		UniversalLimit:  0.5,
		Stroke:          [2]float64{0.50, 0.91},
		Effort:          900,
		Yoke:            StewartPart{Mass: 0.20, COM: 0, Inertia: tubeInertia(0.20, 0.030, 0, 0.060)},
		Barrel:          StewartPart{Mass: 1.0, COM: 0.16, Inertia: tubeInertia(1.0, 0.035, 0.025, 0.32)},
		Rod:             StewartPart{Mass: 0.45, COM: -0.15, Inertia: tubeInertia(0.45, 0.015, 0, 0.30)},
		PlatformMass:    12,
		PlatformInertia: diagInertia(0.32, 0.32, 0.62),
		PayloadMass:     8,
		PayloadCOM:      spatial.Vec3{0, 0, 0.05},
		PayloadInertia:  boxInertia(8, 0.3, 0.3, 0.3),
	}
	for i := range 6 {
		p.BaseAnchors[i] = onCircle(stewartBaseRadius, stewartBaseDeg[i])
		p.PlatformAnchors[i] = onCircle(stewartPlatformRadius, stewartPlatformDeg[i])
	}
	return p
}

// onCircle returns the point at angle deg (degrees) on the circle of radius r about the
// origin in the z = 0 plane.
func onCircle(r, deg float64) spatial.Vec3 {
	a := deg * math.Pi / 180
	return spatial.Vec3{r * math.Cos(a), r * math.Sin(a), 0}
}

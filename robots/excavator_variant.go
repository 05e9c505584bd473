package robots

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// excavatorCylinderPins are the cylinder pins whose location on the structural body
// (body_a) may move within the plane normal to the pin axis: each closes a
// pin–cylinder–pin dyad whose stroke absorbs the change, so the arm stays assemblable
// with the same mobility. The twin DF/EF links and the idle pin body_59 are left alone:
// moving their coaxial joints would change the mobility.
var excavatorCylinderPins = []string{"q24", "q25", "q5", "q6", "q8", "q9", "q10", "q11", "q12", "q2", "q3"}

// excavatorFreeFrames are joints on no loop whose body_a frame may move in any
// direction.
var excavatorFreeFrames = []string{"q23", "q21", "fixed_bucket_mount"}

// excavatorBucket is the bucket body, which carries the payload.
const excavatorBucket = "body_56"

// excavatorVariant builds one excavator variant of the given kind.
func excavatorVariant(kind string, rng *rand.Rand) (*cmg.Graph, string, error) {
	g, err := loadExcavator()
	if err != nil {
		return nil, "", err
	}
	switch kind {
	case VariantGeometry:
		desc, err := perturbExcavatorGeometry(g, rng)
		return g, desc, err
	case VariantPayload:
		desc, err := loadExcavatorBucket(g, rng)
		return g, desc, err
	}
	desc, err := genericVariant(kind, g, rng)
	return g, desc, err
}

// perturbExcavatorGeometry moves the cylinder pins on their structural bodies within
// the plane normal to each pin axis, and the frames of the loop-free joints in any
// direction, each by up to 1 mm. The seed then closes to about a millimetre.
func perturbExcavatorGeometry(g *cmg.Graph, rng *rand.Rand) (string, error) {
	worst := 0.0
	move := func(id string, inPlane bool) error {
		j := findJoint(g, id)
		if j == nil {
			return fmt.Errorf("joint %s not found", id)
		}
		d := randDirection(rng)
		if inPlane {
			axis := frameRotation(j.FrameA).MulVec(*j.Axis) // pin axis in body_a
			d = d.Sub(axis.Scale(d.Dot(axis) / axis.Dot(axis)))
			d = d.Scale(1 / d.Norm())
		}
		d = d.Scale(1e-3 * rng.Float64())
		j.FrameA.Pos = spatial.Vec3(j.FrameA.Pos).Add(d)
		worst = math.Max(worst, d.Norm())
		return nil
	}
	for _, id := range excavatorCylinderPins {
		if err := move(id, true); err != nil {
			return "", err
		}
	}
	for _, id := range excavatorFreeFrames {
		if err := move(id, false); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%d cylinder pins moved normal to their axes and %d loop-free joint frames moved, by up to %.3f mm; seed closes approximately",
		len(excavatorCylinderPins), len(excavatorFreeFrames), 1e3*worst), nil
}

// loadExcavatorBucket adds a soil load to the bucket: a solid sphere of radius 0.25 m
// and 100–500 kg centred within 0.1 m (per axis) of the bucket's centre of mass.
func loadExcavatorBucket(g *cmg.Graph, rng *rand.Rand) (string, error) {
	b := findBody(g, excavatorBucket)
	if b == nil {
		return "", fmt.Errorf("body %s not found", excavatorBucket)
	}
	m := uniform(rng, 100, 500)
	c := spatial.Vec3(b.COM).Add(spatial.Vec3{uniform(rng, -0.1, 0.1), uniform(rng, -0.1, 0.1), uniform(rng, -0.1, 0.1)})
	mass, com, inertia := combineMass(b.Mass, b.COM, b.Inertia, m, c, sphereInertia(m, 0.25))
	b.Mass, b.COM, b.Inertia = mass, com, inertia
	return fmt.Sprintf("%.1f kg of soil (sphere r 0.25 m) in the bucket %s at (%.3f, %.3f, %.3f) m in its frame",
		m, excavatorBucket, c[0], c[1], c[2]), nil
}

// findJoint returns the joint with the given id, or nil.
func findJoint(g *cmg.Graph, id string) *cmg.Joint {
	for i := range g.Joints {
		if g.Joints[i].ID == id {
			return &g.Joints[i]
		}
	}
	return nil
}

// findBody returns the body with the given id, or nil.
func findBody(g *cmg.Graph, id string) *cmg.Body {
	for i := range g.Bodies {
		if g.Bodies[i].ID == id {
			return &g.Bodies[i]
		}
	}
	return nil
}

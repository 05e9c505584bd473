package robots

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// stewartVariant builds one Stewart variant of the given kind. Geometry and payload
// edits go through StewartParams, so their seeds are recomputed and close exactly.
func stewartVariant(kind string, rng *rand.Rand) (*cmg.Graph, string, error) {
	p := DefaultStewartParams()
	switch kind {
	case VariantGeometry:
		worst := 0.0
		for i := range 6 {
			db, dp := randBall(rng, 1e-3), randBall(rng, 1e-3)
			p.BaseAnchors[i] = p.BaseAnchors[i].Add(db)
			p.PlatformAnchors[i] = p.PlatformAnchors[i].Add(dp)
			worst = math.Max(worst, math.Max(db.Norm(), dp.Norm()))
		}
		return NewStewart(p), fmt.Sprintf("all 12 anchors moved by up to %.3f mm; seed recomputed", 1e3*worst), nil
	case VariantPayload:
		side := uniform(rng, 0.2, 0.4)
		p.PayloadMass = uniform(rng, 4, 16)
		p.PayloadCOM = spatial.Vec3{uniform(rng, -0.03, 0.03), uniform(rng, -0.03, 0.03), uniform(rng, 0.03, 0.10)}
		p.PayloadInertia = boxInertia(p.PayloadMass, side, side, side)
		return NewStewart(p), fmt.Sprintf("payload %.2f kg, a %.3f m cube with its COM at (%.3f, %.3f, %.3f) m",
			p.PayloadMass, side, p.PayloadCOM[0], p.PayloadCOM[1], p.PayloadCOM[2]), nil
	}
	g := NewStewart(p)
	desc, err := genericVariant(kind, g, rng)
	return g, desc, err
}

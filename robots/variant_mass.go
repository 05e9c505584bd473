package robots

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// perturbMassProperties scales every body's mass by a factor in [0.9, 1.1] and
// stretches its mass distribution along its frame axes: with the second moment
// Σ = ½ tr(I)·1 − I (positive semidefinite exactly when I is physical) and
// D = diag(d) with each d² in [0.9, 1.1], the new inertia is tr(Σ')·1 − Σ' for
// Σ' = D Σ D. Σ' stays positive semidefinite, so the inertia stays physical, and every
// inertia entry moves by at most ±10 %. Massless bodies are left alone.
func perturbMassProperties(g *cmg.Graph, rng *rand.Rand) string {
	worst := 0.0
	for i := range g.Bodies {
		b := &g.Bodies[i]
		if b.Mass == 0 {
			continue
		}
		f := uniform(rng, 0.9, 1.1)
		b.Mass *= f
		worst = math.Max(worst, math.Abs(f-1))
		var d spatial.Vec3
		for k := range d {
			d2 := uniform(rng, 0.9, 1.1)
			d[k] = math.Sqrt(d2)
			worst = math.Max(worst, math.Abs(d2-1))
		}
		b.Inertia = stretchInertia(b.Inertia, d)
	}
	return fmt.Sprintf("every mass scaled and every mass distribution stretched along the body axes, by up to %.1f %%", 100*worst)
}

// stretchInertia returns the inertia whose second moment of mass is D·Σ·D, with
// D = diag(d) and Σ the second moment of inertia i.
func stretchInertia(i [6]float64, d spatial.Vec3) [6]float64 {
	m := inertiaMat(i)
	tr := m[0][0] + m[1][1] + m[2][2]
	var s spatial.Mat3 // Σ' = D (½ tr I − I) D
	for r := range 3 {
		for c := range 3 {
			sigma := -m[r][c]
			if r == c {
				sigma += tr / 2
			}
			s[r][c] = d[r] * d[c] * sigma
		}
	}
	trs := s[0][0] + s[1][1] + s[2][2]
	return inertiaRecord(spatial.Identity3().Scale(trs).Sub(s))
}

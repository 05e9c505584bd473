package joint

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

var (
	sinkT spatial.Transform
	sinkV spatial.Vec6
)

func benchModels(b *testing.B, f func(b *testing.B, m *Model, q []float64)) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range testModels(rng)[1:] {
		q := make([]float64, m.NQ())
		m.Random(rng, q)
		b.Run(m.Kind.String(), func(b *testing.B) { f(b, &m, q) })
	}
}

func BenchmarkTransform(b *testing.B) {
	benchModels(b, func(b *testing.B, m *Model, q []float64) {
		for b.Loop() {
			sinkT = m.Transform(q)
		}
	})
}

func BenchmarkMotionSubspace(b *testing.B) {
	benchModels(b, func(b *testing.B, m *Model, q []float64) {
		S := make([]spatial.Vec6, 6)
		for b.Loop() {
			m.MotionSubspace(q, S)
		}
	})
}

//go:build mujoco

package mujoco

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkForward times mj_forward on small models (benchstat-friendly names:
// BenchmarkForward/pendulum, /chain, /spatial).
func BenchmarkForward(b *testing.B) {
	for _, c := range []struct{ name, xml string }{
		{"pendulum", pendulumXML},
		{"chain", withJac(chainXML, "dense")},
		{"spatial", withJac(spatialXML, "dense")},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := mustLoad(b, c.xml)
			d := mustData(b, m)
			if c.name == "spatial" {
				must(b, d.SetQpos(randomQpos(m, rand.New(rand.NewPCG(1, 2)))))
			}
			b.ReportAllocs()
			for b.Loop() {
				_ = d.Forward()
			}
		})
	}
}

// BenchmarkStep times mj_step on the same small models.
func BenchmarkStep(b *testing.B) {
	m := mustLoad(b, withJac(spatialXML, "dense"))
	d := mustData(b, m)
	b.ReportAllocs()
	for b.Loop() {
		_ = d.Step()
	}
}

// BenchmarkFullMBias times reading M and the bias after Forward.
func BenchmarkFullMBias(b *testing.B) {
	m := mustLoad(b, withJac(spatialXML, "dense"))
	d := mustData(b, m)
	must(b, d.Forward())
	M := make([]float64, m.NV()*m.NV())
	h := make([]float64, m.NV())
	b.ReportAllocs()
	for b.Loop() {
		_ = d.FullM(M)
		_ = d.Bias(h)
	}
}

package robocompiler_test

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// BenchmarkForwardStages times the forward pipeline after the constraints — Forward
// (Interfaces, Dynamics, Accelerations), with the closure Jacobian and the lift left in
// place — on every built-in mechanism and the named Kangaroo models at their default
// seeds, independent speeds 0.1 and unit port efforts: the dynamics half of
// BenchmarkForward, whose other half (Constraints) is the closure's. Besides ns/op it
// reports the process CPU time per operation (cpu-ns/op), steadier on a loaded machine.
func BenchmarkForwardStages(b *testing.B) {
	b.Setenv(robots.ModelsEnv, testmodels.Dir(b))
	names := append(robots.Names(), "kangaroo", "kangaroo_floating")
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			m, err := robocompiler.Load(name, robocompiler.Options{})
			if err != nil {
				b.Fatal(err)
			}
			d := m.NewData()
			if err := d.Assemble(""); err != nil {
				b.Fatal(err)
			}
			u, f := make([]float64, d.Mobility()), make([]float64, len(d.Kin.Ports))
			for i := range u {
				u[i] = 0.1
			}
			for i := range f {
				f[i] = 1
			}
			if err := d.SetState(u, nil); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			t0 := cpuTime()
			for b.Loop() {
				if err := d.Forward(f, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-t0)/float64(b.N), "cpu-ns/op")
		})
	}
}

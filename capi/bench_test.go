package main

import (
	"testing"

	"github.com/robocompiler/robocompiler"
)

// BenchmarkForwardGo is the Go call that rc_forward wraps: the reduced forward dynamics
// of the excavator through the front door (Data.Forward), the baseline of the Python
// timing script (examples/python/timing.py).
func BenchmarkForwardGo(b *testing.B) {
	m, err := robocompiler.Load("excavator", robocompiler.Options{Partition: "joint_space"})
	if err != nil {
		b.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		b.Fatal(err)
	}
	f := make([]float64, len(m.Ports))
	b.ReportAllocs()
	for b.Loop() {
		if err := d.Forward(f, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkForwardWorkspace is the same through the C library's Go workspace (argument
// checks and copies, without the cgo transition).
func BenchmarkForwardWorkspace(b *testing.B) {
	m, err := robocompiler.Load("excavator", robocompiler.Options{Partition: "joint_space"})
	if err != nil {
		b.Fatal(err)
	}
	w := newWorkspace(&model{m: m})
	if err := w.assemble(""); err != nil {
		b.Fatal(err)
	}
	f, udot := make([]float64, len(m.Ports)), make([]float64, w.d.Mobility())
	b.ReportAllocs()
	for b.Loop() {
		if err := w.forward(view(f), arr{}, view(udot)); err != nil {
			b.Fatal(err)
		}
	}
}

package robocompiler_test

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/testutil"
)

// batchStates returns n states of m around the batch's reference: random speeds and
// efforts, every fourth with a perturbed configuration to assemble, and one of the wrong
// shape.
func batchStates(b *robocompiler.Batch, m *robocompiler.Model, n int) []robocompiler.BatchState {
	q0, p := b.Reference()
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]robocompiler.BatchState, n)
	for i := range out {
		s := &out[i]
		s.U = make([]float64, p.Mobility)
		for k := range s.U {
			s.U[k] = rng.NormFloat64()
		}
		s.F = make([]float64, len(m.Ports))
		for k := range s.F {
			s.F[k] = rng.NormFloat64()
		}
		if i%4 == 3 {
			s.Q = append([]float64(nil), q0...)
			for _, c := range p.Independent {
				for _, j := range m.Joints {
					if j.NQ == j.NV && c >= j.V0 && c < j.V0+j.NV {
						s.Q[j.Q0+c-j.V0] += 0.01 * rng.NormFloat64()
					}
				}
			}
		}
	}
	out[n/2].U = make([]float64, p.Mobility+1) // a shape error, reported in its result
	return out
}

// cpuTime returns the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestBatchWorkerIndependent checks that Batch.Forward gives bit-identical results for 1,
// 2 and 3 workers, that a bad state fails alone, and that a state without Q equals a
// plain Data.Forward at the reference.
func TestBatchWorkerIndependent(t *testing.T) {
	for _, name := range []string{"fourbar", "excavator", "stewart"} {
		t.Run(name, func(t *testing.T) {
			m, err := robocompiler.Load(name, robocompiler.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var ref []robocompiler.BatchResult
			var states []robocompiler.BatchState
			for _, workers := range []int{1, 2, 3} {
				b, err := m.NewBatch("", workers)
				if err != nil {
					t.Fatal(err)
				}
				if states == nil {
					states = batchStates(b, m, 41)
				}
				out := make([]robocompiler.BatchResult, len(states))
				b.Forward(states, out, true)
				if b.Done() != len(states) {
					t.Fatalf("Done = %d; want %d", b.Done(), len(states))
				}
				for i := range out {
					if (out[i].Err != nil) != (i == len(states)/2) {
						t.Fatalf("workers %d state %d: err = %v", workers, i, out[i].Err)
					}
				}
				if ref == nil {
					ref = out
					continue
				}
				for i := range out {
					g, w := &out[i], &ref[i]
					for _, pair := range [][2][]float64{{g.Q, w.Q}, {g.V, w.V}, {g.Udot, w.Udot}, {g.A, w.A}, {g.TauR, w.TauR}, {g.Mr, w.Mr}, {g.Hr, w.Hr}} {
						if !testutil.SameBits(pair[0], pair[1]) {
							t.Fatalf("workers %d state %d differs from 1 worker", workers, i)
						}
					}
				}
			}
			// State 0 has no Q: a plain workspace at the reference gives the same bits.
			d := m.NewData()
			if err := d.Assemble(""); err != nil {
				t.Fatal(err)
			}
			if err := d.SetState(states[0].U, nil); err != nil {
				t.Fatal(err)
			}
			if err := d.Forward(states[0].F, nil); err != nil {
				t.Fatal(err)
			}
			if !testutil.SameBits(d.Udot, ref[0].Udot) || !testutil.SameBits(d.A, ref[0].A) {
				t.Fatalf("batch state 0 differs from Data.Forward: %v vs %v", ref[0].Udot, d.Udot)
			}
		})
	}
}

// TestBatchAllocations checks that a Forward over states without Q into reused results
// allocates only its worker goroutines.
func TestBatchAllocations(t *testing.T) {
	m, err := robocompiler.Load("excavator", robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.NewBatch("", 2)
	if err != nil {
		t.Fatal(err)
	}
	states := batchStates(b, m, 64)
	for i := range states {
		states[i].Q = nil
	}
	states[32].U = states[31].U
	out := make([]robocompiler.BatchResult, len(states))
	b.Forward(states, out, true)
	if n := testing.AllocsPerRun(10, func() { b.Forward(states, out, true) }); n > 8 {
		t.Fatalf("Batch.Forward of %d states allocates %v times; want at most 8 (the goroutines)", len(states), n)
	}
}

// BenchmarkBatch measures Batch.Forward throughput on the excavator (states at the
// reference configuration with random speeds and efforts) for 1 and 2 workers; states/s
// is the throughput.
func BenchmarkBatch(b *testing.B) {
	m, err := robocompiler.Load("excavator", robocompiler.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("excavator/workers=%d", workers), func(b *testing.B) {
			bt, err := m.NewBatch("", workers)
			if err != nil {
				b.Fatal(err)
			}
			states := batchStates(bt, m, 1024)
			for i := range states {
				states[i].Q = nil
			}
			states[len(states)/2].U = states[0].U
			out := make([]robocompiler.BatchResult, len(states))
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				bt.Forward(states, out, false)
			}
			b.ReportMetric(float64(b.N*len(states))/b.Elapsed().Seconds(), "states/s")
			// cores is the CPU time the process got per wall second: on a shared machine it
			// shows whether the workers had their cores.
			b.ReportMetric((cpuTime()-cpu0).Seconds()/b.Elapsed().Seconds(), "cores")
		})
	}
}

package robocompiler

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/robocompiler/robocompiler/closure"
)

// Batch evaluates many states of one Model across worker goroutines, one Data workspace
// per worker. Every state is evaluated from the same reference — the configuration
// assembled from a named seed and the partition chosen there — so each result is a
// function of its state alone: results do not depend on the worker count or on the
// order in which the workers take the states, bit for bit.
//
// A Batch is not itself safe for concurrent use (one Run at a time); the Model is shared
// read-only by its workers.
type Batch struct {
	m       *Model
	q       []float64          // reference configuration, len NQ
	p       *closure.Partition // reference partition
	workers []*batchWorker
	done    atomic.Int64
}

// batchWorker is one worker's workspace; moved reports that its Data no longer holds the
// reference configuration.
type batchWorker struct {
	d     *Data
	moved bool
	der   *Derivatives // ForwardDerivatives' workspace, made on first use
}

// BatchState is one state of a Batch.
type BatchState struct {
	// Q is a configuration guess (len NQ), assembled onto the closure manifold with the
	// reference partition's independent coordinates held at their values in Q; nil
	// evaluates at the reference configuration (no assembly: the fast path).
	Q []float64
	// U are the independent speeds of the reference partition (len D; nil: at rest).
	U []float64
	// F are the port efforts (len nf = len(Ports), N or N·m; nil: none) and TauT the
	// generalised tree forces (len NVT; nil: none), as for Data.Accelerations.
	F, TauT []float64
}

// BatchResult is the evaluation of one BatchState. Its slices are reused by the next
// Forward into the same result when their capacity suffices.
type BatchResult struct {
	// Q is the feasible configuration evaluated (len NQ) and V = E u the feasible velocity
	// (len NV).
	Q, V []float64
	// Udot are the independent accelerations (len D), A = E u̇ + c the augmented
	// accelerations (len NV) and TauR the reduced effort (len D).
	Udot, A, TauR []float64
	// Mr (D×D row-major) and Hr (len D) are the reduced inertia and bias; filled only when
	// Forward is asked for them.
	Mr, Hr []float64
	// DUdotDq, DUdotDU (D×D) and DUdotDf (D×nf) are the partials of u̇ (Derivatives);
	// filled only by ForwardDerivatives.
	DUdotDq, DUdotDU, DUdotDf []float64
	// Err is the failure of this state (assembly, partition, shapes, a singular M_r); the
	// other fields are then unspecified.
	Err error
}

// NewBatch assembles m from its named seed ("" for the default) under m's partition
// request and prepares workers workspaces (workers ≤ 0: runtime.GOMAXPROCS(0)), each placed
// at that reference configuration and partition.
func (m *Model) NewBatch(seed string, workers int) (*Batch, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ref := m.NewData()
	if err := ref.Assemble(seed); err != nil {
		return nil, err
	}
	b := &Batch{m: m, q: append([]float64(nil), ref.Q...), p: ref.Partition()}
	b.workers = make([]*batchWorker, workers)
	b.workers[0] = &batchWorker{d: ref}
	for w := 1; w < workers; w++ {
		d := m.NewData()
		if err := d.Place(b.q, b.p); err != nil {
			return nil, err
		}
		b.workers[w] = &batchWorker{d: d}
	}
	return b, nil
}

// Model returns the model the batch evaluates.
func (b *Batch) Model() *Model { return b.m }

// Workers returns the number of worker goroutines.
func (b *Batch) Workers() int { return len(b.workers) }

// Reference returns the reference configuration (len NQ; do not modify it) and partition
// every state is evaluated from.
func (b *Batch) Reference() ([]float64, *closure.Partition) { return b.q, b.p }

// LoopForm reports whether the batch's workspaces take the loop form (Data.LoopForm), in
// which ForwardDerivatives fails every state and Forward's Mr is formed on request.
func (b *Batch) LoopForm() bool { return b.workers[0].d.LoopForm() }

// Done returns how many items the current (or last) Run has finished; it is safe to call
// from another goroutine while Run is in progress (for a progress display).
func (b *Batch) Done() int { return int(b.done.Load()) }

// Run calls fn(d, i) for every i in [0, n) across the workers, each call with the
// worker's Data d, and returns when all have finished. Items are handed out in increasing
// order as workers become free. fn must write only to item i's own output, and for
// results independent of the worker count it must not depend on the state a previous
// call left in d (Forward's states start from the reference each time).
func (b *Batch) Run(n int, fn func(d *Data, i int)) {
	b.run(n, func(w *batchWorker, i int) { fn(w.d, i) })
}

// run is Run with the worker's bookkeeping.
func (b *Batch) run(n int, fn func(w *batchWorker, i int)) {
	b.done.Store(0)
	var next atomic.Int64
	var wg sync.WaitGroup
	for _, w := range b.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(w, i)
				b.done.Add(1)
			}
		}()
	}
	wg.Wait()
}

// Forward evaluates the reduced forward dynamics (as Data.Forward plus the tree forces
// of Data.Accelerations) of every state into out (len(out) = len(states)), with the
// reduced inertia and bias copied out when reduced is set. A state's failure is its
// result's Err; the others are unaffected. After warm-up (results reused), states
// without Q allocate nothing; a call allocates only its worker goroutines.
func (b *Batch) Forward(states []BatchState, out []BatchResult, reduced bool) {
	if len(out) != len(states) {
		panic(fmt.Sprintf("robocompiler: Batch.Forward: len(out) = %d; want len(states) = %d", len(out), len(states)))
	}
	b.run(len(states), func(w *batchWorker, i int) {
		r := &out[i]
		r.Err = w.forward(b, &states[i], r, reduced)
		if r.Err != nil {
			w.moved = true
		}
	})
}

// forward evaluates one state on the worker's Data.
func (w *batchWorker) forward(b *Batch, s *BatchState, r *BatchResult, reduced bool) error {
	d, m := w.d, b.m
	switch {
	case s.Q != nil:
		if err := checkVec("Batch.Forward", "Q", s.Q, m.NQ); err != nil {
			return err
		}
		w.moved = true
		a, err := closure.Assemble(m.Model, s.Q, closure.AssembleOptions{Hold: b.p.Independent})
		if err != nil {
			return err
		}
		if _, err := m.EliminatedValues(a.Q); err != nil {
			return fmt.Errorf("assembled configuration rejected: %w", err)
		}
		p, err := closure.PartitionAt(m.Model, a.Q, b.p.Independent)
		if err != nil {
			return err
		}
		if err := d.Place(a.Q, p); err != nil {
			return err
		}
	case w.moved:
		if err := d.Place(b.q, b.p); err != nil {
			return err
		}
		w.moved = false
	}
	if s.U == nil {
		clear(d.U)
	} else if err := d.SetState(s.U, nil); err != nil {
		return err
	}
	d.Interfaces()
	if err := d.Dynamics(nil); err != nil {
		return err
	}
	if err := d.Accelerations(s.F, s.TauT); err != nil {
		return err
	}
	r.Q = append(r.Q[:0], d.Q...)
	r.V = append(r.V[:0], d.V...)
	r.Udot = append(r.Udot[:0], d.Udot...)
	r.A = append(r.A[:0], d.A...)
	r.TauR = append(r.TauR[:0], d.TauR...)
	if reduced {
		n := d.Mobility()
		r.Mr = slices.Grow(r.Mr[:0], n*n)[:n*n]
		if err := d.DenseReducedMass(r.Mr); err != nil {
			return err
		}
		r.Hr = append(r.Hr[:0], d.Reduced.Hr...)
	} else {
		r.Mr, r.Hr = r.Mr[:0], r.Hr[:0]
	}
	return nil
}

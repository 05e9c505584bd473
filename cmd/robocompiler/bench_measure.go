package main

import (
	"runtime"
	"time"
)

// timing is the measured cost of one operation.
type timing struct {
	// NS is the mean wall time per call (ns).
	NS float64
	// Allocs is the number of heap allocations per call, rounded down as go test -bench
	// reports allocs/op, counted over at least allocCalls calls so that the runtime's own
	// stray allocations during a short loop are not taken for a call's.
	Allocs uint64
}

// maxCalls bounds the calls of one measurement loop (as go test -bench does); allocCalls
// is the fewest calls over which allocations are counted (a loop of a single slow call
// would otherwise report the runtime's few background allocations as the call's).
const (
	maxCalls   = 1_000_000_000
	allocCalls = 100
)

// measure calls op once to warm up, then in loops of growing length until one loop takes
// at least minTime, and returns that loop's time per call. Allocations per call are
// counted from runtime.MemStats.Mallocs around that loop, extended by a second loop when
// it had fewer than allocCalls calls. The first error op returns stops the measurement.
func measure(op func() error, minTime time.Duration) (timing, error) {
	if err := op(); err != nil {
		return timing{}, err
	}
	for n := 1; ; {
		runtime.GC()
		mallocs, elapsed, err := loop(op, n)
		if err != nil {
			return timing{}, err
		}
		if elapsed >= minTime || n >= maxCalls {
			calls := n
			if calls < allocCalls {
				more, _, err := loop(op, allocCalls-calls)
				if err != nil {
					return timing{}, err
				}
				mallocs, calls = mallocs+more, allocCalls
			}
			return timing{NS: float64(elapsed.Nanoseconds()) / float64(n),
				Allocs: mallocs / uint64(calls)}, nil
		}
		n = nextCalls(n, elapsed, minTime)
	}
}

// loop calls op n times and returns the heap allocations made meanwhile
// (runtime.MemStats.Mallocs) and the wall time; the first error stops it.
func loop(op func() error, n int) (uint64, time.Duration, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	for range n {
		if err := op(); err != nil {
			return 0, 0, err
		}
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, elapsed, nil
}

// nextCalls predicts the loop length that takes minTime from a loop of n calls that took
// elapsed, aiming 20% over, growing at least by one and at most a hundredfold.
func nextCalls(n int, elapsed, minTime time.Duration) int {
	next := 100 * n
	if elapsed > 0 {
		next = min(next, int(1.2*float64(n)*float64(minTime)/float64(elapsed)))
	}
	return min(max(next, n+1), maxCalls)
}

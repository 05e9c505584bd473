// Package testutil holds the small helpers that tests across the module share and that
// depend on nothing in the module (so in-package tests of any package can use them):
// vector comparisons, a panic assertion and a fixed-budget fuzzing run. The fixtures built through the front door are
// in internal/testfix.
package testutil

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// MaxAbs returns max |x_i| (0 for an empty x).
func MaxAbs(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m = math.Max(m, math.Abs(v))
	}
	return m
}

// MaxDiff returns max |a_i − b_i| over the indices of a (b at least as long).
func MaxDiff(a, b []float64) float64 {
	m := 0.0
	for i := range a {
		m = math.Max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

// RelDiff returns MaxDiff(a, b) relative to MaxAbs(a), or the plain difference when a
// is zero.
func RelDiff(a, b []float64) float64 {
	d, s := MaxDiff(a, b), MaxAbs(a)
	if s == 0 {
		return d
	}
	return d / s
}

// RequirePanic runs f and fails the test unless f panics with the message want.
func RequirePanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != want {
			t.Errorf("panic %v; want %q", r, want)
		}
	}()
	f()
}

// Mutate is a fuzzing run with a fixed budget, for the test suite: it calls check on every
// seed and then on n inputs made by deterministic random mutations of the seeds (bit
// flips, byte changes, deletions, duplications, truncations and splices of two seeds,
// from the generator seeded by rngSeed). A panic in check fails the test as it would
// under go test -fuzz; the failing input is printed (quoted) for a corpus entry.
func Mutate(t *testing.T, seeds [][]byte, n int, rngSeed uint64, check func(t *testing.T, data []byte)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(rngSeed, 0xf022))
	run := func(data []byte) {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("panic %v on input %q", r, data)
			}
		}()
		check(t, data)
	}
	for _, s := range seeds {
		run(s)
	}
	for range n {
		run(mutation(rng, seeds))
	}
}

// interesting are the bytes a mutation writes: structure of JSON and XML, digits, and
// the extremes.
const interesting = "{}[]<>\"':,/=-+.0123456789eE \n\x00\xff"

// mutation returns a copy of a random seed changed by one to four random edits.
func mutation(rng *rand.Rand, seeds [][]byte) []byte {
	b := append([]byte(nil), seeds[rng.IntN(len(seeds))]...)
	for range 1 + rng.IntN(4) {
		if len(b) == 0 {
			b = append(b, byte(rng.IntN(256)))
			continue
		}
		i := rng.IntN(len(b))
		j := i + rng.IntN(min(len(b)-i, 64)+1)
		switch rng.IntN(6) {
		case 0: // flip a bit
			b[i] ^= 1 << rng.IntN(8)
		case 1: // replace a byte by an interesting one
			b[i] = interesting[rng.IntN(len(interesting))]
		case 2: // delete a range
			b = append(b[:i], b[j:]...)
		case 3: // duplicate a range
			b = append(b[:j], append(append([]byte(nil), b[i:j]...), b[j:]...)...)
		case 4: // truncate
			b = b[:i]
		default: // splice in a range of another seed
			o := seeds[rng.IntN(len(seeds))]
			if len(o) > 0 {
				k := rng.IntN(len(o))
				l := k + rng.IntN(min(len(o)-k, 128)+1)
				b = append(b[:i], append(append([]byte(nil), o[k:l]...), b[i:]...)...)
			}
		}
	}
	return b
}

// Files returns the contents of the files matching the glob pattern (sorted by name),
// failing the test when none match: a fuzz target's seed corpus.
func Files(t testing.TB, pattern string) [][]byte {
	t.Helper()
	names, err := filepath.Glob(pattern)
	if err != nil || len(names) == 0 {
		t.Fatalf("no seed corpus at %s: %v", pattern, err)
	}
	var out [][]byte
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

// SameBits reports whether a and b hold the same float64 values bit for bit.
func SameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// KernelValue draws an entry for testing a numerical kernel against its reference bit for
// bit: with probability 1/oneIn a special value (NaN, ±Inf, a positive or negative
// subnormal, −0 or 0), otherwise a normal deviate scaled by 2^k, k uniform in [−10, 10).
func KernelValue(rng *rand.Rand, oneIn int) float64 {
	if rng.IntN(oneIn) == 0 {
		special := [...]float64{math.NaN(), math.Inf(1), math.Inf(-1), 0x1p-1070, -0x1p-1060, math.Copysign(0, -1), 0}
		return special[rng.IntN(len(special))]
	}
	return rng.NormFloat64() * math.Ldexp(1, rng.IntN(20)-10)
}

// SameOrNaN reports whether x and y are the same float64 bit for bit or both NaN (a
// kernel's NaN need not carry its reference's payload).
func SameOrNaN(x, y float64) bool {
	return math.Float64bits(x) == math.Float64bits(y) || math.IsNaN(x) && math.IsNaN(y)
}

package spatial

import (
	"math/rand/v2"
	"testing"
)

// TestLogSE3Jl: LogSE3Jl gives LogSE3's logarithm and JlInvSO3 of its rotation part, and
// JlInvSE3With on them equals JlInvSE3, all bit for bit.
func TestLogSE3Jl(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200 {
		x := randTransform(rng)
		xi, ji, err := LogSE3Jl(x)
		want, werr := LogSE3(x)
		if err != werr || xi != want || ji != JlInvSO3(want.Angular()) {
			t.Fatalf("LogSE3Jl(%v) = %v, %v, %v; LogSE3 %v, %v", x, xi, ji, err, want, werr)
		}
		if JlInvSE3With(xi, ji) != JlInvSE3(xi) {
			t.Fatalf("JlInvSE3With differs from JlInvSE3 at %v", xi)
		}
	}
}

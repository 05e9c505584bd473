package control

import (
	"math"

	"github.com/robocompiler/robocompiler/internal/dense"
)

// StrokeBarrier evaluates the interior actuator-stroke preference of eq. 15,
//
//	Φ = −Σ_i β_i log(s_i(1 − s_i)),   s_i = (ℓ_i − ℓ_i⁻)/(ℓ_i⁺ − ℓ_i⁻),
//
// for actuator displacements l (ℓ, length n_f, in the actuator's unit: m for a cylinder,
// rad for a motor angle) with stroke limits lo < hi (ℓ⁻, ℓ⁺) and weights beta (β_i > 0, in
// the unit of Φ). It returns Φ and, when grad is non-nil, writes
//
//	∂Φ/∂ℓ_i = −β_i (1/(ℓ_i − ℓ_i⁻) − 1/(ℓ_i⁺ − ℓ_i))
//
// into grad (unit of Φ per unit of ℓ). The objective differential of eq. 16 is then
// g = Lᵀ grad. Φ is minimal (2 β_i log 2 per actuator) at mid-stroke.
//
// Outside the open stroke interval (s_i ∉ (0, 1), lo_i ≥ hi_i, or a NaN input) the
// barrier is undefined: StrokeBarrier returns +Inf and sets grad[i] = NaN for every such
// actuator (the entries of the others remain valid), so that a caller cannot use the
// gradient unknowingly. It panics if the slice lengths differ (grad may be nil).
func StrokeBarrier(l, lo, hi, beta []float64, grad []float64) float64 {
	nf := len(l)
	dense.CheckLen("control: StrokeBarrier", "lo", len(lo), nf)
	dense.CheckLen("control: StrokeBarrier", "hi", len(hi), nf)
	dense.CheckLen("control: StrokeBarrier", "beta", len(beta), nf)
	if grad != nil {
		dense.CheckLen("control: StrokeBarrier", "grad", len(grad), nf)
	}
	phi := 0.0
	inside := true
	for i := 0; i < nf; i++ {
		a, b, span := l[i]-lo[i], hi[i]-l[i], hi[i]-lo[i]
		if !(a > 0 && b > 0 && span > 0) {
			inside = false
			if grad != nil {
				grad[i] = math.NaN()
			}
			continue
		}
		// log(s(1−s)) = log a + log b − 2 log span, with 1 − s = b/span evaluated without
		// cancellation.
		phi -= beta[i] * (math.Log(a) + math.Log(b) - 2*math.Log(span))
		if grad != nil {
			grad[i] = -beta[i] * (1/a - 1/b)
		}
	}
	if !inside {
		return math.Inf(1)
	}
	return phi
}

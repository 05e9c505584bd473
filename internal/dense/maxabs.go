package dense

import "math"

// MaxAbs returns ‖x‖∞, the largest magnitude in x (NaN when x holds a NaN), 0 for an
// empty x.
func MaxAbs(x []float64) float64 {
	// Magnitudes order as their bit patterns, and a NaN's lies above +Inf's.
	var m uint64
	for _, v := range x {
		m = max(m, math.Float64bits(v)&^(1<<63))
	}
	return math.Float64frombits(m)
}

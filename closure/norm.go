package closure

import "math"

// maxResidual returns the largest |x[r]·w[r]| over the rows r (nil: every row; w nil:
// unit weights) and the row where it occurs (0 when there is none). A NaN counts as
// +Inf, so a configuration whose residual is not a number is never within a tolerance.
func maxResidual(x []float64, rows []int, w []float64) (float64, int) {
	best, at := 0.0, 0
	consider := func(r int) {
		v := math.Abs(x[r])
		if w != nil {
			v = math.Abs(x[r] * w[r])
		}
		if math.IsNaN(v) {
			v = math.Inf(1)
		}
		if v > best {
			best, at = v, r
		}
	}
	if rows == nil {
		for r := range x {
			consider(r)
		}
		return best, at
	}
	for _, r := range rows {
		consider(r)
	}
	return best, at
}

// nonFinite returns the first index of x holding a NaN or an infinity, or −1.
func nonFinite(x []float64) int {
	for i, v := range x {
		if v-v != 0 {
			return i
		}
	}
	return -1
}

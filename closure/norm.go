package closure

import "math"

// maxResidual returns the largest |x[r]·w[r]| over the rows r (nil: every row; w nil:
// unit weights) and the row where it occurs (0 when there is none).
func maxResidual(x []float64, rows []int, w []float64) (float64, int) {
	best, at := 0.0, 0
	consider := func(r int) {
		v := math.Abs(x[r])
		if w != nil {
			v = math.Abs(x[r] * w[r])
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

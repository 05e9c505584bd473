package spatial

import "math"

// ExpSO3 returns the rotation matrix exp(skew(w)) of the rotation vector w
// (rad): I + (sin θ/θ) K + ((1-cos θ)/θ²) K², K = skew(w), θ = |w|.
func ExpSO3(w Vec3) Mat3 {
	th := w.Norm()
	return quadSkew(w, sinc(th), cosc(th))
}

// quadSkew returns I + a K + b K² for K = skew(w), using K² = w wᵀ - |w|² I.
func quadSkew(w Vec3, a, b float64) Mat3 {
	var m Mat3
	quadSkewTo(&m, &w, a, b)
	return m
}

// quadSkewTo writes quadSkew(w, a, b) into m.
func quadSkewTo(m *Mat3, w *Vec3, a, b float64) {
	ax, ay, az := a*w[0], a*w[1], a*w[2]
	bx, by, bz := b*w[0], b*w[1], b*w[2]
	bxy, bxz, byz := bx*w[1], bx*w[2], by*w[2]
	bxx, byy, bzz := bx*w[0], by*w[1], bz*w[2]
	m[0] = [3]float64{1 - byy - bzz, bxy - az, bxz + ay}
	m[1] = [3]float64{bxy + az, 1 - bxx - bzz, byz - ax}
	m[2] = [3]float64{bxz - ay, byz + ax, 1 - bxx - byy}
}

// LogSO3 returns the rotation vector w (rad) of the rotation matrix r on the
// principal branch θ = |w| <= π, so that ExpSO3(w) = r. It uses a series at
// small angles and, for θ > π/2, the symmetric part for the axis with the
// sign fixed by the skew part. It returns ErrLogBranch with its best value
// when π - θ < LogBranchMargin, and ErrNonFinite (with zero) for NaN/Inf.
func LogSO3(r Mat3) (Vec3, error) {
	var w Vec3
	err := logSO3(&r, &w)
	return w, err
}

// logSO3 is LogSO3 reading r in place and writing w entry by entry (a result returned
// by value is copied whole, which stalls on the entries just stored).
func logSO3(r *Mat3, w *Vec3) error {
	// One test of the sum finds every NaN and Inf (it may overflow: then look closer).
	if sum := r[0][0] + r[0][1] + r[0][2] + r[1][0] + r[1][1] + r[1][2] + r[2][0] + r[2][1] + r[2][2]; !isFinite(sum) {
		for i := range 3 {
			for j := range 3 {
				if math.IsNaN(r[i][j]) || math.IsInf(r[i][j], 0) {
					w[0], w[1], w[2] = 0, 0, 0
					return ErrNonFinite
				}
			}
		}
	}
	c := 0.5 * (r[0][0] + r[1][1] + r[2][2] - 1)
	if c > 1 { // c is finite here
		c = 1
	} else if c < -1 {
		c = -1
	}
	s0, s1, s2 := 0.5*(r[2][1]-r[1][2]), 0.5*(r[0][2]-r[2][0]), 0.5*(r[1][0]-r[0][1])
	if c > 0 {
		sn2 := s0*s0 + s1*s1 + s2*s2
		if x2 := sn2 / (c * c); x2 < 1e-8 {
			// θ = atan x < 1e-4 for x = |s|/c: θ² = x²(1 − 2x²/3 + O(x⁴)), no root or atan.
			t := x2 * (1 - x2*(2.0/3))
			k := 1 + t/6 + 7*t*t/360
			w[0], w[1], w[2] = s0*k, s1*k, s2*k
			return nil
		}
		sn := math.Sqrt(sn2)
		th := math.Atan2(sn, c)
		var k float64
		if th < 1e-4 {
			t := th * th
			k = 1 + t/6 + 7*t*t/360
		} else {
			k = th / sn
		}
		w[0], w[1], w[2] = s0*k, s1*k, s2*k
		return nil
	}
	// (R + Rᵀ)/2 - c I = (1 - c) a aᵀ: take its best-conditioned row.
	i := 0
	if r[1][1] > r[i][i] {
		i = 1
	}
	if r[2][2] > r[i][i] {
		i = 2
	}
	a := Vec3{0.5 * (r[i][0] + r[0][i]), 0.5 * (r[i][1] + r[1][i]), 0.5 * (r[i][2] + r[2][i])}
	a[i] -= c
	a = a.Scale(1 / a.Norm())
	sa := a.Dot(Vec3{s0, s1, s2})
	if sa < 0 {
		a, sa = a.Neg(), -sa
	}
	th := math.Atan2(sa, c)
	w[0], w[1], w[2] = a[0]*th, a[1]*th, a[2]*th
	if math.Pi-th < LogBranchMargin {
		return ErrLogBranch
	}
	return nil
}

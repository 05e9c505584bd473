package spatial

import "math"

// seriesAngle is the rotation angle (rad) below which the trigonometric
// coefficients below are evaluated by their Taylor series; above it the
// closed forms lose at most a few ulps to cancellation.
const seriesAngle = 0.25

// sinc returns sin(θ)/θ.
func sinc(th float64) float64 {
	if th < seriesAngle {
		t := th * th
		return 1 - t/6*(1-t/20*(1-t/42*(1-t/72*(1-t/110))))
	}
	return math.Sin(th) / th
}

// cosc returns (1 - cos θ)/θ², evaluated as ½(sinc(θ/2))² to avoid cancellation.
func cosc(th float64) float64 {
	s := sinc(0.5 * th)
	return 0.5 * s * s
}

// sincTail returns (θ - sin θ)/θ³.
func sincTail(th float64) float64 {
	if th < seriesAngle {
		t := th * th
		return (1 - t/20*(1-t/42*(1-t/72*(1-t/110*(1-t/156))))) / 6
	}
	return (th - math.Sin(th)) / (th * th * th)
}

// coscTail returns (θ²/2 + cos θ - 1)/θ⁴.
func coscTail(th float64) float64 {
	if th < seriesAngle {
		t := th * th
		return (1 - t/30*(1-t/56*(1-t/90*(1-t/132*(1-t/182))))) / 24
	}
	h := math.Sin(0.5 * th)
	t := th * th
	return (0.5*t - 2*h*h) / (t * t)
}

// qTail returns (2θ - 3 sin θ + θ cos θ)/(2θ⁵), the third coefficient of the
// SE(3) Jacobian block Q. Its series is Σ (-1)^k (k+1) θ^{2k}/(2k+5)!.
func qTail(th float64) float64 {
	if th < seriesAngle {
		t := th * th
		return 1.0/120 - t*2/5040 + t*t*3/362880 - t*t*t*4/39916800 +
			t*t*t*t*5/6227020800 - t*t*t*t*t*6/1307674368000
	}
	t := th * th
	return (2*th - 3*math.Sin(th) + th*math.Cos(th)) / (2 * t * t * th)
}

// jlInvCoeff returns (1 - (θ/2)cot(θ/2))/θ², the K² coefficient of J_l⁻¹, from the
// squared angle t = θ² (no square root below seriesAngle).
func jlInvCoeff(t float64) float64 {
	if t < seriesAngle*seriesAngle {
		return 1.0/12 + t*(1.0/720+t*(1.0/30240+t*(1.0/1209600+t/47900160)))
	}
	h := 0.5 * math.Sqrt(t)
	s, c := math.Sincos(h)
	return (1 - h*c/s) / t
}

// jlInvCoeffs returns jlInvCoeff(t) and the derivative of the coefficient with respect
// to θ divided by θ, the W² coefficient of the SE(3) coupling block
// (JlInvSE3CouplingTo), from t = θ² with one sincos. With h = θ/2 the derivative is
// ((h/sin h − cos h)/(2 sin h))/θ³ − 2a/θ²; below seriesAngle both come from the series
// Σ_{n≥1} |B_2n| θ^(2n−2)/(2n)! and its derivative.
func jlInvCoeffs(t float64) (a, b float64) {
	if t < seriesAngle*seriesAngle {
		a = 1.0/12 + t*(1.0/720+t*(1.0/30240+t*(1.0/1209600+t/47900160)))
		b = 1.0/360 + t*(1.0/7560+t*(1.0/201600+t*(1.0/5987520+t*(10*691.0/(2730*479001600.0)+t*(12*7.0/(6*87178291200.0))))))
		return a, b
	}
	th := math.Sqrt(t)
	h := 0.5 * th
	s, c := math.Sincos(h)
	a = (1 - h*c/s) / t
	b = ((h/s-c)/(2*s))/(t*th) - 2*a/t
	return a, b
}

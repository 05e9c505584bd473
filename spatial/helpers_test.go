package spatial

import (
	"math"
	"math/rand/v2"
)

// specialAngles are the rotation angles every sampled test must include.
var specialAngles = []float64{0, 1e-12, 1e-6, 1, math.Pi - 1e-6}

// nSamples is the number of random samples per property test.
const nSamples = 10000

func randUnit(rng *rand.Rand) Vec3 {
	for {
		v := Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if n := v.Norm(); n > 1e-3 {
			return v.Scale(1 / n)
		}
	}
}

func randVec3(rng *rand.Rand, s float64) Vec3 {
	return Vec3{s * (2*rng.Float64() - 1), s * (2*rng.Float64() - 1), s * (2*rng.Float64() - 1)}
}

func randVec6(rng *rand.Rand, s float64) Vec6 {
	return NewVec6(randVec3(rng, s), randVec3(rng, s))
}

// sampleAngle returns the i-th test angle: the special angles first and
// cyclically, otherwise uniform in [0, maxAngle].
func sampleAngle(rng *rand.Rand, i int, angles []float64, maxAngle float64) float64 {
	if i%2 == 0 {
		return angles[(i/2)%len(angles)]
	}
	return maxAngle * rng.Float64()
}

// sampleTwist returns a twist whose rotation angle is sampleAngle and whose
// linear part is uniform in [-1, 1]³.
func sampleTwist(rng *rand.Rand, i int, angles []float64, maxAngle float64) Vec6 {
	th := sampleAngle(rng, i, angles, maxAngle)
	return NewVec6(randUnit(rng).Scale(th), randVec3(rng, 1))
}

func randTransform(rng *rand.Rand) Transform {
	return ExpSE3(NewVec6(randUnit(rng).Scale(math.Pi*rng.Float64()), randVec3(rng, 2)))
}

func maxAbs3(a, b Mat3) float64 {
	m := 0.0
	for i := range 3 {
		for j := range 3 {
			m = math.Max(m, math.Abs(a[i][j]-b[i][j]))
		}
	}
	return m
}

func maxAbs6(a, b Mat6) float64 {
	m := 0.0
	for i := range 6 {
		for j := range 6 {
			m = math.Max(m, math.Abs(a[i][j]-b[i][j]))
		}
	}
	return m
}

func dist3(a, b Vec3) float64 { return a.Sub(b).Norm() }

func dist6(a, b Vec6) float64 { return a.Sub(b).Norm() }

func vee(m Mat3) Vec3 {
	return Vec3{0.5 * (m[2][1] - m[1][2]), 0.5 * (m[0][2] - m[2][0]), 0.5 * (m[1][0] - m[0][1])}
}

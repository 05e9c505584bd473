package robots

import (
	"math"
	"math/rand/v2"

	"github.com/robocompiler/robocompiler/spatial"
)

// uniform returns a uniform sample in [lo, hi).
func uniform(rng *rand.Rand, lo, hi float64) float64 {
	return lo + (hi-lo)*rng.Float64()
}

// randDirection returns a uniformly distributed unit vector.
func randDirection(rng *rand.Rand) spatial.Vec3 {
	for {
		v := spatial.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if n := v.Norm(); n > 1e-6 {
			return v.Scale(1 / n)
		}
	}
}

// randBall returns a random vector of length uniform in [0, r) and uniform direction.
func randBall(rng *rand.Rand, r float64) spatial.Vec3 {
	return randDirection(rng).Scale(r * rng.Float64())
}

// randQuat returns a uniformly distributed unit quaternion with w >= 0.
func randQuat(rng *rand.Rand) spatial.Quat {
	for {
		q := spatial.Quat{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); n > 1e-6 {
			if q[0] < 0 {
				n = -n
			}
			return spatial.Quat{q[0] / n, q[1] / n, q[2] / n, q[3] / n}
		}
	}
}

// shuffled shuffles n items with swap until the order differs from the original (for
// n >= 2), tracking the permutation so the result is never the identity.
func shuffled(rng *rand.Rand, n int, swap func(i, j int)) {
	if n < 2 {
		return
	}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for {
		rng.Shuffle(n, func(i, j int) {
			perm[i], perm[j] = perm[j], perm[i]
			swap(i, j)
		})
		for i, p := range perm {
			if p != i {
				return
			}
		}
	}
}

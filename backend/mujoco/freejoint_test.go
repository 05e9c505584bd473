//go:build mujoco

package mujoco

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"
)

// randomFree returns a random free-joint qpos (unit quaternion) and qvel.
func randomFree(rng *rand.Rand) ([7]float64, [6]float64) {
	var q [7]float64
	var v [6]float64
	var n float64
	for i := range 3 {
		q[i] = rng.NormFloat64()
	}
	for i := 3; i < 7; i++ {
		q[i] = rng.NormFloat64()
		n += q[i] * q[i]
	}
	for i := 3; i < 7; i++ {
		q[i] /= math.Sqrt(n)
	}
	for i := range 6 {
		v[i] = 2 * rng.NormFloat64()
	}
	return q, v
}

func TestFreeVelRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		q, v := randomFree(rng)
		tw := FreeVelToBodyTwist(q, v)
		back := BodyTwistToFreeVel(q, tw)
		for i := range 6 {
			if math.Abs(back[i]-v[i]) > 1e-14 {
				t.Fatalf("round trip: %v -> %v -> %v", v, tw, back)
			}
		}
		// The angular part is passed through; the linear part keeps its norm.
		if tw[0] != v[3] || tw[1] != v[4] || tw[2] != v[5] {
			t.Fatalf("w_body = %v, want qvel[3:6] = %v", tw[:3], v[3:])
		}
		if d := math.Hypot(math.Hypot(tw[3], tw[4]), tw[5]) - math.Hypot(math.Hypot(v[0], v[1]), v[2]); math.Abs(d) > 1e-13 {
			t.Fatalf("|v_body| != |pdot| by %g", d)
		}
	}
	// A non-unit quaternion is normalised.
	q, v := randomFree(rng)
	q2 := q
	for i := 3; i < 7; i++ {
		q2[i] *= 3
	}
	a, b := FreeVelToBodyTwist(q, v), FreeVelToBodyTwist(q2, v)
	for i := range 6 {
		if math.Abs(a[i]-b[i]) > 1e-14 {
			t.Fatalf("scaled quaternion changes the twist: %v vs %v", a, b)
		}
	}
}

// The helpers must agree with MuJoCo's own integration q ⊕ h v (mj_integratePos):
// the position moves by R v_body h and the quaternion by exp(w_body h) on the right.
func TestFreeVelAgreesWithIntegratePos(t *testing.T) {
	m := mustLoad(t, freeXML)
	if m.NQ() != 7 || m.NV() != 6 {
		t.Fatalf("nq=%d nv=%d", m.NQ(), m.NV())
	}
	rng := rand.New(rand.NewPCG(7, 8))
	const h = 1e-6
	for range 20 {
		q, v := randomFree(rng)
		qp := append([]float64(nil), q[:]...)
		qm := append([]float64(nil), q[:]...)
		must(t, m.IntegratePos(qp, v[:], h))
		must(t, m.IntegratePos(qm, v[:], -h))
		R := quatToMat([4]float64{q[3], q[4], q[5], q[6]})
		var fd [6]float64
		// v_body = R^T (p+ - p-) / 2h.
		for i := range 3 {
			for k := range 3 {
				fd[3+i] += R[k][i] * (qp[k] - qm[k]) / (2 * h)
			}
		}
		// w_body from conj(q-) * q+ = exp of a rotation by 2h w_body.
		a := [4]float64{qm[3], -qm[4], -qm[5], -qm[6]}
		b := [4]float64{qp[3], qp[4], qp[5], qp[6]}
		rel := [4]float64{
			a[0]*b[0] - a[1]*b[1] - a[2]*b[2] - a[3]*b[3],
			a[0]*b[1] + a[1]*b[0] + a[2]*b[3] - a[3]*b[2],
			a[0]*b[2] - a[1]*b[3] + a[2]*b[0] + a[3]*b[1],
			a[0]*b[3] + a[1]*b[2] - a[2]*b[1] + a[3]*b[0],
		}
		s := math.Sqrt(rel[1]*rel[1] + rel[2]*rel[2] + rel[3]*rel[3])
		angle := 2 * math.Atan2(s, rel[0])
		for i := range 3 {
			fd[i] = rel[1+i] / s * angle / (2 * h)
		}
		tw := FreeVelToBodyTwist(q, v)
		for i := range 6 {
			if e := math.Abs(fd[i] - tw[i]); !(e <= 1e-6) {
				t.Fatalf("twist[%d] = %.12g, finite difference of mj_integratePos %.12g (err %.3g)", i, tw[i], fd[i], e)
			}
		}
	}
}

// MuJoCo's own body velocity (mj_objectVelocity, local frame) of the floating body
// must equal the converted twist.
func TestFreeVelAgreesWithBodyTwist(t *testing.T) {
	m := mustLoad(t, freeXML)
	d := mustData(t, m)
	rng := rand.New(rand.NewPCG(9, 10))
	for range 20 {
		q, v := randomFree(rng)
		must(t, d.SetQpos(q[:]))
		must(t, d.SetQvel(v[:]))
		must(t, d.Forward())
		got, err := d.BodyTwist(1)
		must(t, err)
		want := FreeVelToBodyTwist(q, v)
		for i := range 6 {
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Fatalf("BodyTwist = %v, FreeVelToBodyTwist = %v", got, want)
			}
		}
	}
}

func TestDifferentiatePosInvertsIntegratePos(t *testing.T) {
	m := mustLoad(t, freeXML)
	rng := rand.New(rand.NewPCG(11, 12))
	q, v := randomFree(rng)
	q2 := append([]float64(nil), q[:]...)
	must(t, m.IntegratePos(q2, v[:], 0.01))
	got := make([]float64, 6)
	must(t, m.DifferentiatePos(got, 0.01, q[:], q2))
	for i := range 6 {
		if math.Abs(got[i]-v[i]) > 1e-9 {
			t.Fatalf("DifferentiatePos = %v, want %v", got, v)
		}
	}
	testutil.RequirePanic(t, "mujoco: IntegratePos: len(qpos) = 6; want 7", func() { m.IntegratePos(make([]float64, 6), v[:], 1) })
}

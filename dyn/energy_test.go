package dyn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
)

// rk4 integrates the tree dynamics with constant applied effort tau by classical RK4 on
// the state (q, v, W): q̇ = N(q) v (tree joints), v̇_T = ForwardDynamics, Ẇ = tau·v −
// Σ Damping·v² (work of the applied and damping forces). It returns the largest
// |E(t) − E(0) − W(t)| / max(1, max_t KE) over the steps, with E = KE + PE.
func rk4EnergyDefect(t *testing.T, m *compile.Model, q, v, tau []float64, dt float64, steps int) float64 {
	d := NewData(m)
	nq, nv, n := m.NQ, m.NV, m.NVT
	dim := nq + nv + 1
	N := make([]float64, 7*6)
	acc := make([]float64, n)
	deriv := func(x, dx []float64) {
		clear(dx)
		qq, vv := x[:nq], x[nq:nq+nv]
		for e := range m.Edges {
			j := &m.Joints[m.Edges[e].Joint]
			j.Model.ConfigRate(qq[j.Q0:j.Q0+j.NQ], N)
			for r := range j.NQ {
				s := 0.0
				for c := range j.NV {
					s += N[r*j.NV+c] * vv[j.V0+c]
				}
				dx[j.Q0+r] = s
			}
		}
		if err := d.ForwardDynamics(qq, vv, tau, nil, acc); err != nil {
			t.Fatal(err)
		}
		copy(dx[nq:], acc)
		p := 0.0
		for e := range m.Edges {
			j := &m.Joints[m.Edges[e].Joint]
			for k := range j.NV {
				w := vv[j.V0+k]
				p += tau[j.V0+k]*w - j.Damping*w*w
			}
		}
		dx[nq+nv] = p
	}
	energy := func(x []float64) (float64, float64) {
		ke := d.KineticEnergy(x[:nq], x[nq:nq+nv])
		return ke + d.PotentialEnergy(x[:nq]), ke
	}
	x := make([]float64, dim)
	copy(x, q)
	copy(x[nq:], v)
	e0, ke0 := energy(x)
	scale := math.Max(1, ke0)
	k1, k2, k3, k4, tmp := make([]float64, dim), make([]float64, dim), make([]float64, dim), make([]float64, dim), make([]float64, dim)
	stage := func(k []float64, c float64) []float64 {
		for i := range x {
			tmp[i] = x[i] + c*k[i]
		}
		return tmp
	}
	worst := 0.0
	for range steps {
		deriv(x, k1)
		deriv(stage(k1, dt/2), k2)
		deriv(stage(k2, dt/2), k3)
		deriv(stage(k3, dt), k4)
		for i := range x {
			x[i] += dt / 6 * (k1[i] + 2*k2[i] + 2*k3[i] + k4[i])
		}
		e, ke := energy(x)
		scale = math.Max(scale, ke)
		worst = math.Max(worst, math.Abs(e-e0-x[nq+nv]))
	}
	return worst / scale
}

// Without damping or effort the total energy is conserved along an RK4 trajectory; with
// damping and a constant effort the energy change equals the work of the effort minus
// the dissipated energy.
func TestEnergyBalance(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	cases := []struct {
		name    string
		m       *compile.Model
		passive bool
	}{
		{"random_tree_conservative", build(t, randomTreeGraph(1, false)), false},
		{"random_tree_2_conservative", build(t, randomTreeGraph(2, false)), false},
		{"random_tree_damped_driven", build(t, randomTreeGraph(1, true)), true},
		{"double_pendulum", build(t, doublePendulumGraph(1, 0.7, 0.5, 0.25, 0.3, 0.02, 0.015)), false},
	}
	for _, c := range cases {
		q, v := randomState(c.m, rng)
		tau := make([]float64, c.m.NVT)
		if c.passive {
			tau = randVec(rng, c.m.NVT)
		}
		defect := rk4EnergyDefect(t, c.m, q, v, tau, 1e-3, 300)
		t.Logf("%s: energy defect %.3g (relative to max kinetic energy)", c.name, defect)
		if defect > 1e-8 {
			t.Errorf("%s: energy balance defect %.3g > 1e-8", c.name, defect)
		}
	}
}

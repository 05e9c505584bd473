//go:build mujoco

package mujoco

import (
	"math/rand/v2"
	"testing"
)

func TestAllocsForwardFullMBias(t *testing.T) {
	m := mustLoad(t, withJac(spatialXML, "dense"))
	d := mustData(t, m)
	q := randomQpos(m, rand.New(rand.NewPCG(1, 1)))
	M := make([]float64, m.NV()*m.NV())
	bias := make([]float64, m.NV())
	n := testing.AllocsPerRun(100, func() {
		q[0] += 1e-3
		_ = d.SetQpos(q)
		_ = d.Forward()
		_ = d.FullM(M)
		_ = d.Bias(bias)
	})
	if n != 0 {
		t.Errorf("SetQpos+Forward+FullM+Bias: %v allocs/op, want 0", n)
	}
}

func TestAllocsHotCalls(t *testing.T) {
	for _, jac := range []string{"dense", "sparse"} {
		m := mustLoad(t, withJac(spatialXML, jac))
		d := mustData(t, m)
		nq, nv := m.NQ(), m.NV()
		q := randomQpos(m, rand.New(rand.NewPCG(2, 2)))
		v := make([]float64, nv)
		out := make([]float64, nv)
		qo := make([]float64, nq)
		must(t, d.SetQpos(q))
		must(t, d.Forward())
		rows := d.EqualityRows()
		r := make([]float64, rows)
		J := make([]float64, rows*nv)
		ids := make([]int, rows)
		site, err := m.SiteID("cs")
		must(t, err)
		f, err := m.BodyID("f")
		must(t, err)
		n := testing.AllocsPerRun(100, func() {
			_ = d.SetQpos(q)
			_ = d.SetQvel(v)
			_ = d.SetQfrcApplied(out)
			_ = d.SetXfrcApplied(f, [6]float64{1, 2, 3, 4, 5, 6})
			_ = d.Forward()
			_ = d.QfrcPassive(out)
			_ = d.Qacc(out)
			_ = d.Qvel(out)
			_ = d.Qpos(qo)
			_ = d.EqualityResiduals(r)
			_ = d.EqualityJacobian(J)
			_ = d.EqualityRowIDs(ids)
			_, _ = d.SitePos(site)
			_, _, _ = d.BodyPose(f)
			_, _ = d.BodyTwist(f)
			_ = m.IntegratePos(qo, v, 1e-3)
			_ = d.Step()
		})
		if n != 0 {
			t.Errorf("jacobian=%s: hot calls: %v allocs/op, want 0", jac, n)
		}
	}
}

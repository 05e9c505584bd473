//go:build mujoco

package mujoco

import (
	"fmt"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// residuals runs Forward at q and returns a copy of the equality residuals.
func residuals(t *testing.T, d *Data, q []float64) []float64 {
	t.Helper()
	must(t, d.SetQpos(q))
	must(t, d.Forward())
	r := make([]float64, d.EqualityRows())
	must(t, d.EqualityResiduals(r))
	return r
}

func TestConnectChainResiduals(t *testing.T) {
	for _, jac := range []string{"dense", "sparse"} {
		t.Run(jac, func(t *testing.T) {
			m := mustLoad(t, withJac(chainXML, jac))
			if m.SparseJacobian() != (jac == "sparse") {
				t.Fatalf("SparseJacobian = %v for jacobian=%q", m.SparseJacobian(), jac)
			}
			if m.NEq() != 1 || m.EqualityNames()[0] != "tip" {
				t.Fatalf("NEq = %d, names %q", m.NEq(), m.EqualityNames())
			}
			d := mustData(t, m)
			if n := d.EqualityRows(); n != 0 {
				t.Errorf("EqualityRows before Forward = %d, want 0", n)
			}
			r0 := residuals(t, d, m.Qpos0())
			if len(r0) != 3 {
				t.Fatalf("EqualityRows = %d, want 3", len(r0))
			}
			for i, v := range r0 {
				if math.Abs(v) > 1e-15 {
					t.Errorf("residual[%d] at qpos0 = %g, want 0", i, v)
				}
			}
			ids := make([]int, 3)
			must(t, d.EqualityRowIDs(ids))
			if ids[0] != 0 || ids[1] != 0 || ids[2] != 0 {
				t.Errorf("EqualityRowIDs = %v", ids)
			}

			// Anchor on b2 (1 + 0.8 along the chain) minus the world anchor (1.8,0,0).
			for _, q := range [][2]float64{{0.3, 0}, {0, -0.7}, {0.5, 1.2}, {-2, 2.5}} {
				a, b := q[0], q[1]
				r := residuals(t, d, q[:])
				want := [3]float64{
					math.Cos(a) + 0.8*math.Cos(a+b) - 1.8,
					0,
					-(math.Sin(a) + 0.8*math.Sin(a+b)),
				}
				for i := range 3 {
					if math.IsNaN(r[i]) || math.Abs(r[i]-want[i]) > 1e-14 {
						t.Errorf("q=%v: residual = %v, want %v", q, r, want)
						break
					}
				}
			}
		})
	}
}

// checkEqualityJacobian compares MuJoCo's equality rows of efc_J with central
// differences of its efc_pos along each qvel direction (q ⊕ ±h e_k).
func checkEqualityJacobian(t *testing.T, m *Model, q []float64) float64 {
	t.Helper()
	d := mustData(t, m)
	nv := m.NV()
	r := residuals(t, d, q)
	rows := len(r)
	J := make([]float64, rows*nv)
	must(t, d.EqualityJacobian(J))

	const h = 1e-6
	e := make([]float64, nv)
	worst := 0.0
	for k := range nv {
		clear(e)
		e[k] = 1
		qp := append([]float64(nil), q...)
		qm := append([]float64(nil), q...)
		must(t, m.IntegratePos(qp, e, h))
		must(t, m.IntegratePos(qm, e, -h))
		rp := residuals(t, d, qp)
		rm := residuals(t, d, qm)
		if len(rp) != rows || len(rm) != rows {
			t.Fatalf("row count changed under perturbation: %d %d %d", rows, len(rp), len(rm))
		}
		for i := range rows {
			fd := (rp[i] - rm[i]) / (2 * h)
			err := math.Abs(fd - J[i*nv+k])
			worst = max(worst, err)
			if !(err <= 1e-6) {
				t.Errorf("J[%d][%d] = %.12g, central difference %.12g (err %.3g)", i, k, J[i*nv+k], fd, err)
			}
		}
	}
	return worst
}

func TestEqualityJacobianChain(t *testing.T) {
	for _, jac := range []string{"dense", "sparse"} {
		t.Run(jac, func(t *testing.T) {
			m := mustLoad(t, withJac(chainXML, jac))
			for _, q := range [][]float64{{0.3, -0.4}, {1.1, 2.0}} {
				worst := checkEqualityJacobian(t, m, q)
				t.Logf("q=%v: max |J - FD| = %.3g", q, worst)
			}
		})
	}
}

// randomQpos returns an off-manifold configuration of spatialXML: random hinge and
// slide values and random unit quaternions.
func randomQpos(m *Model, rng *rand.Rand) []float64 {
	q := m.Qpos0()
	for j := range m.NJnt() {
		typ, _ := m.JointType(j)
		a, _ := m.JointQposAdr(j)
		switch typ {
		case JointFree:
			for i := range 3 {
				q[a+i] += 0.3 * rng.NormFloat64()
			}
			a += 3
			fallthrough
		case JointBall:
			var n float64
			for i := range 4 {
				q[a+i] = rng.NormFloat64()
				n += q[a+i] * q[a+i]
			}
			for i := range 4 {
				q[a+i] /= math.Sqrt(n)
			}
		default:
			q[a] = rng.Float64()*2 - 1
		}
	}
	return q
}

func TestEqualityJacobianAllJointKinds(t *testing.T) {
	for _, jac := range []string{"dense", "sparse"} {
		t.Run(jac, func(t *testing.T) {
			m := mustLoad(t, withJac(spatialXML, jac))
			d := mustData(t, m)
			must(t, d.Forward())
			// 3 (connect) + 3 (connect) + 6 (weld).
			if n := d.EqualityRows(); n != 12 {
				t.Fatalf("EqualityRows = %d, want 12", n)
			}
			ids := make([]int, 12)
			must(t, d.EqualityRowIDs(ids))
			if fmt.Sprint(ids) != "[0 0 0 1 1 1 2 2 2 2 2 2]" {
				t.Errorf("EqualityRowIDs = %v", ids)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for range 5 {
				q := randomQpos(m, rng)
				worst := checkEqualityJacobian(t, m, q)
				t.Logf("max |J - FD| = %.3g", worst)
			}
		})
	}
}

// The dense and sparse storages must give the same dense rows.
func TestEqualityJacobianDenseEqualsSparse(t *testing.T) {
	md := mustLoad(t, withJac(spatialXML, "dense"))
	ms := mustLoad(t, withJac(spatialXML, "sparse"))
	dd, ds := mustData(t, md), mustData(t, ms)
	rng := rand.New(rand.NewPCG(3, 4))
	q := randomQpos(md, rng)
	rd, rs := residuals(t, dd, q), residuals(t, ds, q)
	Jd := make([]float64, len(rd)*md.NV())
	Js := make([]float64, len(rs)*ms.NV())
	must(t, dd.EqualityJacobian(Jd))
	must(t, ds.EqualityJacobian(Js))
	for i := range Jd {
		if math.Abs(Jd[i]-Js[i]) > 1e-14 {
			t.Fatalf("dense J[%d] = %g, sparse %g", i, Jd[i], Js[i])
		}
	}
}

func TestEqualityLengthPanics(t *testing.T) {
	m := mustLoad(t, withJac(chainXML, "dense"))
	d := mustData(t, m)
	must(t, d.Forward())
	testutil.RequirePanic(t, "mujoco: EqualityResiduals: len(out) = 2; want 3", func() { d.EqualityResiduals(make([]float64, 2)) })
	testutil.RequirePanic(t, "mujoco: EqualityJacobian: len(out) = 3; want 6", func() { d.EqualityJacobian(make([]float64, 3)) })
	if d.ConstraintsTruncated() {
		t.Error("ConstraintsTruncated on a 3-row model")
	}
}

// With a row pool smaller than the equality rows MuJoCo drops them; say so.
func TestConstraintsTruncated(t *testing.T) {
	xml := strings.Replace(withJac(chainXML, "dense"), "<worldbody>", `<size njmax="2"/><worldbody>`, 1)
	m := mustLoad(t, xml)
	if m.NJMax() != 2 {
		t.Fatalf("NJMax = %d, want 2", m.NJMax())
	}
	d := mustData(t, m)
	must(t, d.Forward())
	if !d.ConstraintsTruncated() {
		t.Errorf("3 equality rows in a pool of 2: ConstraintsTruncated = false (rows %d)", d.EqualityRows())
	}
	t.Logf("rows kept: %d", d.EqualityRows())
}

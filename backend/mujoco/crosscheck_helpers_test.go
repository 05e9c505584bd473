//go:build mujoco

package mujoco_test

import (
	"bytes"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
)

// crossTol bounds the relative difference between our tree dynamics and MuJoCo's.
const crossTol = 1e-10

// exported is a compiled model at its assembled configuration, written as MJCF and
// loaded by MuJoCo.
type exported struct {
	m      *compile.Model
	q      []float64 // assembled configuration (len NQ)
	xml    string
	layout *mjcf.Layout
	mj     *mujoco.Model
	d      *mujoco.Data
}

// builtin compiles a built-in model.
func builtin(t *testing.T, name string) *compile.Model {
	t.Helper()
	return testfix.Compile(t, testfix.Builtin(t, name), compile.Options{})
}

// sharedMJCF imports and compiles an MJCF model from the shared model collection
// (../shared/models beside the checkout), skipping when it is absent.
func sharedMJCF(t *testing.T, rel string) *compile.Model {
	t.Helper()
	g, _, err := mjcf.ImportFile(testmodels.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	return testfix.Compile(t, g, compile.Options{})
}

// export assembles m from the named seed ("" for the default), exports it and loads
// the MJCF in MuJoCo.
func export(t *testing.T, m *compile.Model, seed string) *exported {
	t.Helper()
	q := testfix.Assemble(t, m, seed, nil)
	var buf bytes.Buffer
	if err := mjcf.Export(m, q, &buf, mjcf.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	l, err := mjcf.NewLayout(m, q)
	if err != nil {
		t.Fatal(err)
	}
	mj, err := mujoco.LoadXMLString(buf.String(), nil)
	if err != nil {
		t.Fatalf("MuJoCo rejects the export: %v\n%s", err, buf.String())
	}
	t.Cleanup(mj.Close)
	if mj.NQ() != l.NQ || mj.NV() != l.NV || l.NQ != m.NQT || l.NV != m.NVT {
		t.Fatalf("sizes: MuJoCo nq %d nv %d, layout %d %d, model NQT %d NVT %d", mj.NQ(), mj.NV(), l.NQ, l.NV, m.NQT, m.NVT)
	}
	d, err := mj.NewData()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	return &exported{m: m, q: q, xml: buf.String(), layout: l, mj: mj, d: d}
}

// checkLayoutNames verifies the layout's addresses against MuJoCo's own, by joint name.
func (x *exported) checkLayoutNames(t *testing.T) {
	t.Helper()
	for _, jl := range x.layout.Joints {
		id := x.m.Joints[jl.Joint].ID
		i, err := x.mj.JointID(id)
		if err != nil {
			i, err = x.mj.JointID(id + "__0")
		}
		if err != nil {
			t.Fatalf("joint %q: %v", id, err)
		}
		qa, _ := x.mj.JointQposAdr(i)
		da, _ := x.mj.JointDofAdr(i)
		if qa != jl.QPos || da != jl.Dof {
			t.Errorf("joint %q: layout qpos %d dof %d, MuJoCo %d %d", id, jl.QPos, jl.Dof, qa, da)
		}
	}
}

// dynamicsDiff compares M_T and h_T (dyn CRBA and Bias) with MuJoCo's mj_fullM and
// qfrc_bias − qfrc_passive mapped through the layout at n random states, and returns the
// largest relative differences max|ΔM| / max|M| and max|Δh| / max|h| over the states.
func (x *exported) dynamicsDiff(t *testing.T, n int, seed uint64) (dM, dh float64) {
	t.Helper()
	m, l, d := x.m, x.layout, x.d
	nv := m.NVT
	rng := rand.New(rand.NewPCG(seed, 7))
	dd := dyn.NewData(m)
	M, h := make([]float64, nv*nv), make([]float64, nv)
	Mmj, bias, passive := make([]float64, nv*nv), make([]float64, nv), make([]float64, nv)
	qpos, qvel, rate := make([]float64, l.NQ), make([]float64, nv), make([]float64, nv)
	e, Te, col, frc := make([]float64, m.NV), make([]float64, nv), make([]float64, nv), make([]float64, nv)
	Mmap := make([]float64, nv*nv)
	for s := 0; s < n; s++ {
		q := m.Random(rng)
		v := make([]float64, m.NV)
		for i := range v {
			v[i] = rng.NormFloat64()
		}
		dd.CRBA(q, M)
		dd.Bias(q, v, nil, h)
		must(t, l.QPos(q, qpos))
		must(t, l.QVel(q, v, qvel))
		must(t, d.SetQpos(qpos))
		must(t, d.SetQvel(qvel))
		must(t, d.Forward())
		must(t, d.FullM(Mmj))
		must(t, d.Bias(bias))
		must(t, d.QfrcPassive(passive))
		// M_T = Tᵀ M T column by column.
		for k := 0; k < nv; k++ {
			clear(e)
			e[k] = 1
			must(t, l.QVel(q, e, Te))
			mulVec(Mmj, Te, col)
			must(t, l.Forces(q, col, frc))
			for i := 0; i < nv; i++ {
				Mmap[i*nv+k] = frc[i]
			}
		}
		// h_T = Tᵀ (qfrc_bias − qfrc_passive + M Ṫ v): MuJoCo's damping force is
		// −b·qvel on the right-hand side, ours +b·v inside h.
		must(t, l.VelocityProduct(q, v, rate))
		mulVec(Mmj, rate, col)
		for i := range col {
			col[i] += bias[i] - passive[i]
		}
		must(t, l.Forces(q, col, frc))
		dM = math.Max(dM, testutil.RelDiff(M, Mmap))
		dh = math.Max(dh, testutil.RelDiff(h, frc))
	}
	return dM, dh
}

// equalityResidual returns the largest |MuJoCo equality residual| at the keyframe
// "assembled" and checks that the keyframe equals qpos0 (to round-off: a ball joint's
// keyframe entry is r⁻¹⊗r for the assembled orientation r).
func (x *exported) equalityResidual(t *testing.T) float64 {
	t.Helper()
	key, err := x.mj.KeyframeQpos("assembled")
	if err != nil {
		t.Fatal(err)
	}
	q0 := x.mj.Qpos0()
	for i := range key {
		if math.Abs(key[i]-q0[i]) > 1e-15 {
			t.Fatalf("keyframe qpos[%d] = %v differs from qpos0 %v", i, key[i], q0[i])
		}
	}
	must(t, x.d.SetQpos(key))
	must(t, x.d.SetQvel(make([]float64, x.mj.NV())))
	must(t, x.d.Forward())
	r := make([]float64, x.d.EqualityRows())
	must(t, x.d.EqualityResiduals(r))
	worst := 0.0
	for _, v := range r {
		worst = math.Max(worst, math.Abs(v))
	}
	return worst
}

// mulVec writes the row-major square matrix A times x into y.
func mulVec(A, x, y []float64) {
	n := len(x)
	for i := 0; i < n; i++ {
		s := 0.0
		for k := 0; k < n; k++ {
			s += A[i*n+k] * x[k]
		}
		y[i] = s
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

//go:build mujoco

package mujoco_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/kktref"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"gonum.org/v1/gonum/mat"
)

// accelModels are the mechanisms whose constrained accelerations are compared with
// MuJoCo's soft equalities (the paper's Table V set plus the four-bar), with the named
// partition request their independent speeds follow ("" lets the pivoted QR choose).
var accelModels = []struct {
	name, partition string
	load            func(t *testing.T) *compile.Model
}{
	{"fourbar", "", func(t *testing.T) *compile.Model { return builtin(t, "fourbar") }},
	{"stewart", "", func(t *testing.T) *compile.Model { return builtin(t, "stewart") }},
	{"excavator", "joint_space", func(t *testing.T) *compile.Model { return builtin(t, "excavator") }},
	{"kangaroo_fixed_base", "", func(t *testing.T) *compile.Model {
		return sharedMJCF(t, testmodels.KangarooFixed)
	}},
}

// exportImp is the solimp mjcf.Export gives every equality by default.
var exportImp = mujoco.SolImp{0.99, 0.999, 0.001, 0.5, 2}

// accelSettings sweep MuJoCo's equality stiffness, softest first: the time constant of
// solref (with the timestep MuJoCo needs for it: it raises a time constant below
// 2·Timestep to 2·Timestep) and, last, solimp at MuJoCo's largest impedance.
var accelSettings = []struct {
	name string
	dt   float64
	ref  mujoco.SolRef
	imp  mujoco.SolImp
}{
	{"solref 0.02", 1e-3, mujoco.SolRef{0.02, 1}, exportImp},
	{"solref 0.002 (default)", 1e-3, mujoco.SolRef{0.002, 1}, exportImp},
	{"solref 2e-4, dt 1e-4", 1e-4, mujoco.SolRef{2e-4, 1}, exportImp},
	{"+ solimp 0.9999", 1e-4, mujoco.SolRef{2e-4, 1}, mujoco.SolImp{0.9999, 0.9999, 0.001, 0.5, 2}},
}

// accelState is one feasible state of the comparison: configuration q (len NQ),
// independent speeds u and port efforts f.
type accelState struct {
	q, u, f []float64
}

// accelMetrics compare the two accelerations at one state: δ_a, the closure-acceleration
// residual r_c = ‖J_c a + γ_c‖∞ of MuJoCo's and of our acceleration, the drift ‖γ_c‖∞
// (the r_c of a zero acceleration) and MuJoCo's largest equality residual |efc_pos|
// (nonzero where the state satisfies the enforced rows but not rows MuJoCo also holds).
type accelMetrics struct {
	deltaA, rcMuJoCo, rcOurs, gamma, eqPos float64
}

// max raises every metric of w to the corresponding one of s.
func (w *accelMetrics) max(s accelMetrics) {
	w.deltaA = math.Max(w.deltaA, s.deltaA)
	w.rcMuJoCo = math.Max(w.rcMuJoCo, s.rcMuJoCo)
	w.rcOurs = math.Max(w.rcOurs, s.rcOurs)
	w.gamma = math.Max(w.gamma, s.gamma)
	w.eqPos = math.Max(w.eqPos, s.eqPos)
}

// TestCrossConstrainedAccel compares our constrained tree acceleration a = E·u̇ + c
// (reduced forward dynamics lifted to the tree) with MuJoCo's qacc on the exported model
// at the assembled configuration (at rest, and with random speeds and efforts) and at
// three random feasible states reached by tracking the closure manifold, for a sweep of
// equality stiffnesses. MuJoCo's equalities are soft (regularised by the impedance, and
// its reference acceleration drops the drift term J̇·q̇), so the discrepancy is
// reported — it is Table V's MuJoCo row — and only sanity bounds are asserted: δ_a < 1,
// our residual r_c ≤ 1e-9, and the export's default solref/solimp. MuJoCo's friction-loss
// and limit rows are switched off (our dynamics has neither); no other rows may be active.
func TestCrossConstrainedAccel(t *testing.T) {
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-20s %-24s %9s %9s %9s %9s %9s %9s %9s\n", "model", "MuJoCo equalities",
		"δ_a rest", "δ_a move", "r_c rest", "r_c move", "‖γ‖ move", "eq pos", "r_c ours")
	for _, c := range accelModels {
		t.Run(c.name, func(t *testing.T) {
			m := c.load(t)
			x := export(t, m, "")
			checkExportSolver(t, x)
			// Our dynamics has neither dry friction nor joint limits: compare the
			// equality-constrained problems alone.
			must(t, x.mj.SetFrictionLossEnabled(false))
			must(t, x.mj.SetLimitsEnabled(false))
			if x.mj.FrictionLossEnabled() || x.mj.LimitsEnabled() {
				t.Fatal("friction loss or limits still enabled")
			}
			p := accelPartition(t, m, x.q, c.partition)
			states := accelStates(t, m, x.q, p, 3, rand.New(rand.NewPCG(11, 5)))
			for _, s := range accelSettings {
				must(t, x.mj.SetTimestep(s.dt))
				must(t, x.mj.SetEqualitySolver(s.ref, s.imp))
				// rest: the assembled configuration without speeds or efforts; moving: the
				// worst over the other states.
				var rest, moving accelMetrics
				for i, st := range states {
					if i == 0 {
						rest = x.accelDiff(t, p, st)
					} else {
						moving.max(x.accelDiff(t, p, st))
					}
				}
				fmt.Fprintf(&table, "%-20s %-24s %9.2g %9.2g %9.2g %9.2g %9.2g %9.2g %9.2g\n", c.name, s.name,
					rest.deltaA, moving.deltaA, rest.rcMuJoCo, moving.rcMuJoCo, moving.gamma, moving.eqPos, math.Max(rest.rcOurs, moving.rcOurs))
				if !(rest.deltaA < 1 && moving.deltaA < 1) {
					t.Errorf("%s: δ_a at rest %.3g, moving %.3g: MuJoCo's acceleration is not the same mechanism's (want < 1)", s.name, rest.deltaA, moving.deltaA)
				}
				if r := math.Max(rest.rcOurs, moving.rcOurs); !(r <= 1e-9) {
					t.Errorf("%s: our constraint-acceleration residual %.3g exceeds 1e-9", s.name, r)
				}
			}
		})
	}
	t.Log(table.String())
}

// checkExportSolver verifies that every exported equality carries Export's documented
// default solref {2·Timestep, 1} and solimp.
func checkExportSolver(t *testing.T, x *exported) {
	t.Helper()
	want := mujoco.SolRef{2 * x.mj.Timestep(), 1}
	for i := 0; i < x.mj.NEq(); i++ {
		ref, imp, err := x.mj.EqualitySolver(i)
		must(t, err)
		if ref != want || imp != exportImp {
			t.Fatalf("equality %d: solref %v solimp %v, want %v %v", i, ref, imp, want, exportImp)
		}
	}
}

// accelPartition partitions m's velocities at the feasible q, following the named
// partition request when there is one.
func accelPartition(t *testing.T, m *compile.Model, q []float64, name string) *closure.Partition {
	t.Helper()
	var req []int
	if name != "" {
		var err error
		if req, err = m.PartitionRequest(name); err != nil {
			t.Fatal(err)
		}
	}
	d := closure.NewData(m)
	d.Jacobian(q)
	p, err := closure.ChoosePartition(m, d.C, req, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// accelStates returns the comparison states: q0 at rest without efforts, q0 with random
// speeds and efforts, and n states tracked from q0 by eight random steps of the
// independent coordinates (0.02 declared-scale units each), with random speeds and,
// alternately, zero or random efforts. Speeds are 0.25 and efforts 1 in declared-scale
// units, as in check.
func accelStates(t *testing.T, m *compile.Model, q0 []float64, p *closure.Partition, n int, rng *rand.Rand) []accelState {
	t.Helper()
	cs := closure.ColScales(m)
	uniform := func(a float64) float64 { return a * (2*rng.Float64() - 1) }
	speeds := func() []float64 {
		u := make([]float64, p.Mobility)
		for k, c := range p.Independent {
			u[k] = uniform(0.25 * cs[c])
		}
		return u
	}
	efforts := func() []float64 {
		f := make([]float64, len(m.Graph.Actuators))
		for i, a := range m.Graph.Actuators {
			f[i] = uniform(1)
			if l := a.EffortLimits; l != nil {
				f[i] = math.Min(math.Max(f[i], l[0]), l[1])
			}
		}
		return f
	}
	out := []accelState{
		{q: q0, u: make([]float64, p.Mobility), f: make([]float64, len(m.Graph.Actuators))},
		{q: q0, u: speeds(), f: efforts()},
	}
	for s := 0; s < n; s++ {
		tr, err := closure.NewTracker(m, q0, p)
		if err != nil {
			t.Fatal(err)
		}
		du := make([]float64, p.Mobility)
		for range 8 {
			for k, c := range p.Independent {
				du[k] = uniform(0.02 * cs[c])
			}
			if err := tr.Step(du); err != nil {
				t.Fatalf("random walk to state %d: %v", s, err)
			}
		}
		f := make([]float64, len(m.Graph.Actuators))
		if s%2 == 1 {
			f = efforts()
		}
		out = append(out, accelState{q: append([]float64(nil), tr.Q...), u: speeds(), f: f})
	}
	return out
}

// accelDiff solves our constrained dynamics at st, sets the same state and port efforts
// (ctrl: Export writes one motor per port with ctrl = f) in MuJoCo, runs mj_forward and
// maps qacc to tree accelerations a_mj = T⁻¹·(qacc − Ṫ·v). It returns
// δ_a = ‖a − a_mj‖∞ / max(1, ‖a_mj‖∞), r_c of both accelerations and ‖γ_c‖∞ on the
// closure rows the partition enforces (all rows, or the selected ones when near-redundant rows were
// dropped); MuJoCo has no cut-joint coordinates, so its cut-joint accelerations are the
// least-squares fit to those rows.
func (x *exported) accelDiff(t *testing.T, p *closure.Partition, st accelState) accelMetrics {
	t.Helper()
	m, l, d := x.m, x.layout, x.d
	nvt, nv := m.NVT, m.NV
	fd := (&robocompiler.Model{Model: m}).NewData()
	must(t, fd.Place(st.q, p))
	must(t, fd.SetState(st.u, nil))
	must(t, fd.Forward(st.f, nil))
	kd, a := fd.Kin, fd.A

	// MuJoCo at the same state.
	qpos, qvel, ctrl := make([]float64, l.NQ), make([]float64, l.NV), make([]float64, x.mj.NU())
	must(t, l.QPos(st.q, qpos))
	must(t, l.QVel(st.q, kd.V, qvel))
	for i, port := range kd.Ports {
		k, err := x.mj.ActuatorID(port.ID)
		must(t, err)
		ctrl[k] = st.f[i]
	}
	must(t, d.SetQpos(qpos))
	must(t, d.SetQvel(qvel))
	must(t, d.SetCtrl(ctrl))
	must(t, d.Forward())
	if d.ConstraintRows() != d.EqualityRows() {
		t.Fatalf("MuJoCo has %d constraint rows beyond its %d equality rows (contacts?): not the same problem", d.ConstraintRows()-d.EqualityRows(), d.EqualityRows())
	}
	qacc, rate := make([]float64, l.NV), make([]float64, l.NV)
	must(t, d.Qacc(qacc))
	must(t, l.VelocityProduct(st.q, kd.V, rate))
	for i := range qacc {
		qacc[i] -= rate[i]
	}
	amj := x.treeAccel(t, st.q, qacc)
	out := accelMetrics{deltaA: kktref.DeltaA(a[:nvt], amj)}
	pos := make([]float64, d.EqualityRows())
	must(t, d.EqualityResiduals(pos))
	for _, r := range pos {
		out.eqPos = math.Max(out.eqPos, math.Abs(r))
	}

	// Closure-acceleration residuals on the enforced rows.
	rows := enforcedRows(m, p)
	C := kd.Closure.C.RawMatrix()
	Jc, gamma := make([]float64, len(rows)*nv), make([]float64, len(rows))
	for i, r := range rows {
		copy(Jc[i*nv:(i+1)*nv], C.Data[r*C.Stride:r*C.Stride+nv])
		gamma[i] = kd.Closure.Gamma[r]
	}
	out.rcOurs = kktref.ResidualC(Jc, a, gamma)
	full := make([]float64, nv)
	out.gamma = kktref.ResidualC(Jc, full, gamma)
	copy(full, amj)
	fitCutAccel(Jc, gamma, full, nvt)
	out.rcMuJoCo = kktref.ResidualC(Jc, full, gamma)
	return out
}

// treeAccel solves T·a = w for the tree acceleration a (len NVT), T the layout's
// velocity map at q assembled column by column.
func (x *exported) treeAccel(t *testing.T, q, w []float64) []float64 {
	t.Helper()
	n := x.m.NVT
	T := mat.NewDense(n, n, nil)
	e, col := make([]float64, n), make([]float64, n)
	for k := 0; k < n; k++ {
		clear(e)
		e[k] = 1
		must(t, x.layout.QVel(q, e, col))
		T.SetCol(k, col)
	}
	var a mat.VecDense
	if err := a.SolveVec(T, mat.NewVecDense(n, append([]float64(nil), w...))); err != nil {
		t.Fatalf("layout velocity map: %v", err)
	}
	return a.RawVector().Data
}

// enforcedRows are the closure rows the constrained dynamics holds: all of them, unless
// the rank decision dropped near-redundant directions; then the partition's selected
// rows (as check does).
func enforcedRows(m *compile.Model, p *closure.Partition) []int {
	for _, n := range p.Near {
		if n.Redundant {
			return p.Rows
		}
	}
	rows := make([]int, m.Rows)
	for i := range rows {
		rows[i] = i
	}
	return rows
}

// fitCutAccel sets the cut-coordinate entries a[nvt:] to the least-squares solution of
// J_cut·a_cut = −(J_tree·a_tree + γ) (J is len(gamma)×len(a), row-major).
func fitCutAccel(J, gamma, a []float64, nvt int) {
	nv, nr := len(a), len(gamma)
	nc := nv - nvt
	if nc == 0 || nr == 0 {
		return
	}
	A, b := mat.NewDense(nr, nc, nil), mat.NewVecDense(nr, nil)
	for i := 0; i < nr; i++ {
		s := gamma[i]
		for j := 0; j < nvt; j++ {
			s += J[i*nv+j] * a[j]
		}
		b.SetVec(i, -s)
		for j := 0; j < nc; j++ {
			A.Set(i, j, J[i*nv+nvt+j])
		}
	}
	var svd mat.SVD
	if !svd.Factorize(A, mat.SVDThin) {
		return
	}
	var x mat.VecDense
	svd.SolveVecTo(&x, b, svd.Rank(1e-12))
	copy(a[nvt:], x.RawVector().Data)
}

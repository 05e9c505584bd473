package robocompiler_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// oracleCases are the models the structured reduced dynamics is checked on against the
// dense oracle: every built-in mechanism, the excavator under both partitions, and the
// shared Panda, Go2 and Kangaroo files.
var oracleCases = []struct{ model, partition string }{
	{"fourbar", ""}, {"fivebar", ""}, {"stewart", ""}, {"stewart", "lengths"},
	{"excavator", ""}, {"excavator", "joint_space"},
	{"../shared/models/menagerie/franka_emika_panda/panda.xml", ""},
	{"../shared/models/menagerie/unitree_go2/go2.xml", ""},
	{"../shared/models/kangaroo/kangaroo.xml", ""},
	{"../shared/models/kangaroo/kangaroo_fixed_base.xml", ""},
}

// relErr is max|a − b| / max(max|b|, tiny): the relative difference of two results.
func relErr(a, b []float64) float64 {
	s := testutil.MaxAbs(b)
	if s == 0 {
		s = 1
	}
	return testutil.MaxDiff(a, b) / s
}

// TestReducedDynamicsDenseOracle: the front door's structured reduced dynamics (tree
// pattern of M_T, nonzeros of E_T) equals the dense products of dyn.DenseReducedDynamics
// to 1e-12 relative — M_T, h_T, M_r, h_r and the solved accelerations — at several
// random states (speeds, port efforts and external wrenches) of every model.
func TestReducedDynamicsDenseOracle(t *testing.T) {
	for _, tc := range oracleCases {
		m, err := robocompiler.Load(tc.model, robocompiler.Options{Partition: tc.partition})
		if err != nil {
			t.Fatalf("%s: %v", tc.model, err)
		}
		d := m.NewData()
		if err := d.Assemble(""); err != nil {
			t.Fatalf("%s: %v", tc.model, err)
		}
		rng := rand.New(rand.NewPCG(3, uint64(len(tc.model))))
		for state := range 4 {
			u := make([]float64, d.Mobility())
			for i := range u {
				u[i] = rng.Float64()*2 - 1
			}
			if state > 0 {
				du := make([]float64, d.Mobility())
				for i := range du {
					du[i] = 0.01 * (rng.Float64()*2 - 1)
				}
				if err := d.Track(du); err != nil {
					t.Fatalf("%s: track: %v", tc.model, err)
				}
			}
			if err := d.SetState(u, nil); err != nil {
				t.Fatal(err)
			}
			var fext []spatial.Vec6
			if state%2 == 1 {
				fext = make([]spatial.Vec6, len(m.Bodies)+1)
				for i := 1; i < len(fext); i++ {
					for k := range 6 {
						fext[i][k] = rng.Float64()*2 - 1
					}
				}
			}
			f := make([]float64, len(d.Kin.Ports))
			for i := range f {
				f[i] = rng.Float64()*2 - 1
			}
			d.Interfaces()
			if err := d.Dynamics(fext); err != nil {
				t.Fatal(err)
			}
			if err := d.Accelerations(f, nil); err != nil {
				t.Fatalf("%s: %v", tc.model, err)
			}
			r := dyn.NewReduced(m.NVT, d.Mobility())
			d.Kin.Dyn.DenseReducedDynamics(r, d.Q, d.V, d.Lift().E, d.Curv, fext)
			udot := make([]float64, d.Mobility())
			if err := r.Forward(d.TauR, udot); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name string
				a, b []float64
			}{{"M_T", d.Reduced.MT, r.MT}, {"h_T", d.Reduced.HT, r.HT}, {"M_r", d.Reduced.Mr, r.Mr}, {"h_r", d.Reduced.Hr, r.Hr}, {"u̇", d.Udot, udot}} {
				if e := relErr(c.a, c.b); !(e <= 1e-12) {
					t.Errorf("%s (%q) state %d: %s differs from the dense oracle by %.3g relative", tc.model, tc.partition, state, c.name, e)
				}
			}
		}
	}
}

// TestTreeFormChain: a loop-free chain above closure.DenseIdentityMax velocities gets the
// tree form (no dense E, M_T, M_r); its bias equals the dense oracle's (identity E, CRBA)
// and its accelerations agree with the oracle's Cholesky solve to that solve's accuracy
// (M_T of a 240-link chain is so ill-conditioned that the dense solve's residual is
// ~1e-6 relative), while RNEA of them gives back τ to 1e-10 (the tree form's forward and
// inverse dynamics are each other's inverse).
func TestTreeFormChain(t *testing.T) {
	d := ladderData(t, robots.Chain(240))
	if !d.Reduced.Tree || !d.Lift().IdentityOnly() || d.Reduced.MT != nil {
		t.Fatalf("chain of 240: tree form %v, identity-only lift %v", d.Reduced.Tree, d.Lift().IdentityOnly())
	}
	m := d.Model()
	n := m.NVT
	rng := rand.New(rand.NewPCG(5, 6))
	u, tauT := make([]float64, n), make([]float64, n)
	for i := range u {
		u[i], tauT[i] = rng.Float64()-0.5, rng.Float64()-0.5
	}
	if err := d.SetState(u, nil); err != nil {
		t.Fatal(err)
	}
	d.Interfaces()
	if err := d.Dynamics(nil); err != nil {
		t.Fatal(err)
	}
	if err := d.Accelerations(nil, tauT); err != nil {
		t.Fatal(err)
	}
	E := mat.NewDense(n, n, nil)
	for i := range n {
		E.Set(i, i, 1)
	}
	r := dyn.NewReduced(n, n)
	d.Kin.Dyn.DenseReducedDynamics(r, d.Q, d.V, E, d.Curv, nil)
	udot := make([]float64, n)
	if err := r.Forward(d.TauR, udot); err != nil {
		t.Fatal(err)
	}
	if e := relErr(d.Udot, udot); !(e <= 1e-5) {
		t.Errorf("tree-form u̇ differs from the dense oracle by %.3g relative", e)
	}
	if e := relErr(d.Reduced.Hr, r.Hr); !(e <= 1e-12) {
		t.Errorf("tree-form h_r differs from the dense oracle by %.3g relative", e)
	}
	// The dense accessors form M_T, M_r and E on request.
	mt, mr, e := make([]float64, n*n), make([]float64, n*n), make([]float64, n*n)
	if err := errors.Join(d.DenseTreeMass(mt), d.DenseReducedMass(mr), d.DenseLift(e)); err != nil {
		t.Fatal(err)
	}
	if relErr(mt, r.MT) > 1e-12 || relErr(mr, r.Mr) > 1e-12 || relErr(e, E.RawMatrix().Data) != 0 {
		t.Errorf("dense accessors differ from the oracle: M_T %.3g, M_r %.3g, E %.3g", relErr(mt, r.MT), relErr(mr, r.Mr), relErr(e, E.RawMatrix().Data))
	}
	if err := d.DenseLift(e[:1]); err == nil {
		t.Error("DenseLift accepted a short buffer")
	}
	if err := d.Inverse(nil); err != nil {
		t.Fatal(err)
	}
	if e := relErr(d.TauR, tauT); !(e <= 1e-10) {
		t.Errorf("tree-form inverse of the forward accelerations differs from τ by %.3g relative", e)
	}
}

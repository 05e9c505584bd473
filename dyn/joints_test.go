package dyn

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// TestJointCoordinatesTree: on random trees every tree joint's coordinates are recovered
// from the poses (angles on the branch of the configuration itself).
func TestJointCoordinatesTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for seed := range uint64(10) {
		m := build(t, randomTreeGraph(seed, seed%2 == 0))
		d := NewData(m)
		q, v := randomState(m, rng)
		d.ForwardKinematics(q, v)
		for i, j := range m.Joints {
			if j.NQ == 0 {
				continue
			}
			got := make([]float64, j.NQ)
			want := q[j.Q0 : j.Q0+j.NQ]
			d.JointCoordinates(i, want, got)
			if s := j.Model.Kind.String(); s == "spherical" || s == "free" {
				// Quaternions come back with w ≥ 0: compare up to sign.
				if want[quatW(s)] < 0 {
					want = negated(want, s)
				}
			}
			if e := testutil.MaxDiff(got, want); e > 1e-12 {
				t.Errorf("tree %d, joint %s (%s): got %v, want %v", seed, j.ID, j.Model.Kind, got, want)
			}
		}
	}
}

// TestJointCoordinatesEliminated: in the eliminated form of every built-in mechanism, each
// eliminated cut joint's coordinates implied by the tree at the assembled configuration
// equal those the same joint takes in the SE(3) form assembled from the same seed.
func TestJointCoordinatesEliminated(t *testing.T) {
	for _, name := range robots.Names() {
		g, err := robots.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		full := build(t, g)
		elim, err := compile.Compile(g, compile.Options{Eliminate: true})
		if err != nil {
			t.Fatal(err)
		}
		qf, qe := assembledAt(t, full), assembledAt(t, elim)
		d := NewData(elim)
		d.ForwardKinematics(qe, make([]float64, elim.NV))
		checked := 0
		for i, j := range elim.Joints {
			if !j.Eliminated {
				continue
			}
			jf := &full.Joints[full.JointIndex(j.ID)]
			want := qf[jf.Q0 : jf.Q0+jf.NQ]
			got := make([]float64, len(want))
			d.JointCoordinates(i, want, got)
			if e := testutil.MaxDiff(got, want); e > 1e-9 {
				t.Errorf("%s: eliminated %s: implied %v, SE(3) form %v", name, j.ID, got, want)
			}
			checked++
		}
		if checked == 0 {
			t.Errorf("%s: no eliminated cut joint to check", name)
		}
	}
}

// quatW is the index of the quaternion's w in a spherical or free joint's coordinates.
func quatW(kind string) int {
	if kind == "free" {
		return 3
	}
	return 0
}

// negated returns q with its quaternion part negated.
func negated(q []float64, kind string) []float64 {
	out := append([]float64(nil), q...)
	for k := quatW(kind); k < quatW(kind)+4; k++ {
		out[k] = -out[k]
	}
	return out
}

// assembledAt assembles m from its default seed.
func assembledAt(t *testing.T, m *compile.Model) []float64 {
	t.Helper()
	q0, err := m.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return a.Q
}

package closure

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
)

// requestFor returns the model's first partition request (by name) as velocity indices.
func requestFor(t testing.TB, m *compile.Model) (string, []int) {
	t.Helper()
	for _, name := range []string{"joint_space", "cylinder_space", "lengths", "crank", "cranks"} {
		if idx, err := m.PartitionRequest(name); err == nil {
			return name, idx
		}
	}
	t.Fatalf("no partition request in %s", m.Graph.Name)
	return "", nil
}

// requestedPartition returns the partition of m at the feasible configuration q under
// requestFor's request.
func requestedPartition(t testing.TB, m *compile.Model, q []float64) *Partition {
	t.Helper()
	_, req := requestFor(t, m)
	d := NewData(m)
	d.Jacobian(q)
	p, err := ChoosePartition(m, d.C, req, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// trajectory is a smooth motion of the independent coordinates: sample k of n.
func trajectory(k, n, mob int, amp float64) []float64 {
	x := make([]float64, mob)
	s := float64(k) / float64(n)
	for i := range x {
		x[i] = amp * math.Sin(2*math.Pi*s*float64(1+i%3)) * (1 - math.Cos(2*math.Pi*s)) / 2
	}
	return x
}

// TestModularMatchesGlobal checks that the modular solver re-solves only modules whose
// inputs changed, reuses the others bit for bit, agrees with the global tracker to 1e-12,
// and that a failed step changes nothing.
func TestModularMatchesGlobal(t *testing.T) {
	for _, f := range builtins(t, false) {
		m := f.m
		p := requestedPartition(t, m, f.q)
		ms, err := NewModularSolver(m, f.q, p)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		tr, _ := NewTracker(m, f.q, p)
		base := make([]float64, p.Mobility)
		for k, v := range p.Independent {
			base[k] = f.q[vq(m, v)]
		}
		// Move one independent coordinate at a time: only modules fed by it are solved.
		for k := range base {
			vals := append([]float64(nil), base...)
			vals[k] += 0.01
			before := append([]float64(nil), ms.Q...)
			solved, err := ms.Step(vals)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			for mi, mod := range ms.Modules {
				fed := false
				for _, in := range mod.Inputs {
					fed = fed || in == p.Independent[k]
				}
				was := false
				for _, s := range solved {
					was = was || s == mi
				}
				if fed != was {
					t.Errorf("%s: module %d fed by the change = %v but solved = %v", f.name, mi, fed, was)
				}
				if !was {
					for _, c := range mod.Dependent {
						j := vq(m, c)
						if j >= 0 && ms.Q[j] != before[j] {
							t.Errorf("%s: module %d not solved but its coordinate changed", f.name, mi)
						}
					}
				}
			}
			du := make([]float64, p.Mobility)
			du[k] = 0.01
			if err := tr.Step(du); err != nil {
				t.Fatal(err)
			}
			diff := make([]float64, m.NV)
			m.Difference(tr.Q, ms.Q, diff)
			if w := testutil.MaxAbs(diff); w > 1e-12 {
				t.Errorf("%s: modular and global solutions differ by %.3g", f.name, w)
			}
			copy(base, vals)
		}
		// A step that cannot close leaves the state unchanged.
		before := append([]float64(nil), ms.Q...)
		bad := append([]float64(nil), base...)
		for i := range bad {
			bad[i] += 50
		}
		if _, err := ms.Step(bad); err == nil {
			t.Logf("%s: a 50-unit jump unexpectedly converged", f.name)
		} else {
			for i := range before {
				if ms.Q[i] != before[i] {
					t.Fatalf("%s: failed step changed q[%d]", f.name, i)
				}
			}
		}
	}
}

// vq maps a 1-DoF velocity index to its configuration index (-1 otherwise).
func vq(m *compile.Model, v int) int {
	for _, j := range m.Joints {
		if j.NV == 1 && j.NQ == 1 && j.V0 == v {
			return j.Q0
		}
	}
	return -1
}

func matMul(a []float64, r, k int, b []float64, c int) []float64 {
	out := make([]float64, r*c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			for l := 0; l < k; l++ {
				out[i*c+j] += a[i*k+l] * b[l*c+j]
			}
		}
	}
	return out
}

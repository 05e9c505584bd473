package compile_test

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"gonum.org/v1/gonum/mat"
)

// checkLift checks C·E = 0 at the assembled configuration, to 1e-12 relative to
// |C|max·|E|max (the excavator's cylinder-space lift has |E|max ≈ 4.7, and its C·E is
// 2.8e-12 in absolute terms: round-off, a closure matter, not a compiler one).
func checkLift(t *testing.T, s *assembled) {
	t.Helper()
	var ce mat.Dense
	ce.Mul(s.d.C, s.lift.E)
	bound := 1e-12 * max(1, maxAbsDense(s.d.C)*maxAbsDense(s.lift.E))
	if e := maxAbsDense(&ce); e > bound {
		t.Errorf("%s: |C·E|max = %.3g > %.3g", s.m.Graph.Name, e, bound)
	}
}

// TestPlanarLinkages: the four-bar and the five-bar each have one loop; the four-bar
// moves with one degree of freedom and the five-bar with two, with the automatic
// partition and with the model's partition request.
func TestPlanarLinkages(t *testing.T) {
	for _, tc := range []struct {
		name, request string
		bodies, joint int
		mobility      int
	}{
		{"fourbar", "crank", 3, 4, 1},
		{"fivebar", "cranks", 4, 5, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustCompile(t, builtin(t, tc.name), compile.Options{})
			if len(m.Bodies) != tc.bodies || len(m.Joints) != tc.joint {
				t.Fatalf("%d bodies, %d joints; want %d, %d", len(m.Bodies), len(m.Joints), tc.bodies, tc.joint)
			}
			if m.CycleRank != 1 || len(m.Comparisons) != 1 {
				t.Fatalf("mu = %d with %d comparisons, want 1 and 1", m.CycleRank, len(m.Comparisons))
			}
			if c := m.Comparisons[0]; c.Kind != compile.RowsSE3 || c.Rows() != 6 || m.Rows != 6 {
				t.Errorf("cut %s: kind %v, %d rows (model %d), want se3 with 6", c.ID, c.Kind, c.Rows(), m.Rows)
			}
			if m.NVT != tc.joint-1 || m.NV != tc.joint {
				t.Errorf("NVT = %d, NV = %d; want %d, %d", m.NVT, m.NV, tc.joint-1, tc.joint)
			}
			q0, err := m.Seed("")
			if err != nil {
				t.Fatal(err)
			}
			req, err := m.PartitionRequest(tc.request)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range [][]int{nil, req} {
				s := assemble(t, m, q0, r, r)
				if s.p.Mobility != tc.mobility || s.p.Rank != m.NV-tc.mobility {
					t.Errorf("request %v: mobility %d (rank %d of %d rows), want %d", r, s.p.Mobility, s.p.Rank, m.Rows, tc.mobility)
				}
				if s.a.ResidualInf > 1e-12 {
					t.Errorf("residual %.3g after assembly", s.a.ResidualInf)
				}
				checkLift(t, s)
			}
		})
	}
}

// stewartPlatform checks the Stewart structure common to every forest choice and
// returns the tree spherical joint.
func stewartPlatform(t *testing.T, m *compile.Model) string {
	t.Helper()
	if len(m.Joints) != 25 || len(m.Bodies) != 20 {
		t.Fatalf("%d joints, %d bodies; want 25 and 20 (+ ground = 21 nodes)", len(m.Joints), len(m.Bodies))
	}
	if m.CycleRank != 5 {
		t.Errorf("mu = %d, want 5", m.CycleRank)
	}
	if m.NVT != 21 {
		t.Errorf("NVT = %d, want 21 (18 leg coordinates + one spherical joint)", m.NVT)
	}
	var treeBalls []string
	for _, j := range m.Joints {
		if j.Model.Kind == joint.Spherical && j.Tree {
			treeBalls = append(treeBalls, j.ID)
		}
	}
	if len(treeBalls) != 1 {
		t.Fatalf("spherical joints in the tree: %v, want exactly one", treeBalls)
	}
	if j := m.Joints[m.JointIndex(treeBalls[0])]; j.NV != 3 || j.NQ != 4 {
		t.Errorf("tree spherical joint %s: %d velocity (chart) coordinates, %d configuration; want 3 and a unit quaternion", j.ID, j.NV, j.NQ)
	}
	pn := m.BodyNode("platform")
	if pn < 0 {
		t.Fatal("no platform body")
	}
	if e := m.Edges[m.Bodies[pn-1].Edge]; m.Joints[e.Joint].ID != treeBalls[0] {
		t.Errorf("platform reached through %s, want the tree spherical joint %s", m.Joints[e.Joint].ID, treeBalls[0])
	}
	if len(m.Comparisons) != 5 || m.Rows != 30 {
		t.Fatalf("%d comparisons with %d rows, want 5 spherical cuts with 30 rows", len(m.Comparisons), m.Rows)
	}
	for _, c := range m.Comparisons {
		if c.Source != "joint" || c.Kind != compile.RowsSE3 || c.Rows() != 6 || c.Joint < 0 ||
			m.Joints[c.Joint].Model.Kind != joint.Spherical {
			t.Errorf("cut %s: source %s kind %v rows %d joint %d, want a spherical joint cut in SE(3) form", c.ID, c.Source, c.Kind, c.Rows(), c.Joint)
		}
	}
	if m.NV != 21+5*3 {
		t.Errorf("NV = %d, want 36", m.NV)
	}
	return treeBalls[0]
}

// TestStewart: 25 joints, 21 nodes, five loops closed at five spherical joints in SE(3)
// form, the platform hung from the sixth, mobility 6. For each of the six spherical
// joints hinted into the tree, that joint carries the platform and the mechanism is the
// same: assembled from the same perturbed seed with the same held leg lengths, the
// platform's world pose agrees to 1e-12 across the six forests.
func TestStewart(t *testing.T) {
	g := builtin(t, "stewart")
	m := mustCompile(t, g, compile.Options{})
	stewartPlatform(t, m)
	q0, err := m.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	s := assemble(t, m, q0, nil, nil)
	if s.p.Mobility != 6 || s.p.Rank != 30 {
		t.Errorf("mobility %d, rank %d; want 6 and 30", s.p.Mobility, s.p.Rank)
	}
	checkLift(t, s)

	var ref []float64 // platform pose (R row-major, P) of the first choice
	var refBall string
	for i := range 6 {
		ball := fmt.Sprintf("leg_%d_ball", i)
		t.Run(ball, func(t *testing.T) {
			g := builtin(t, "stewart")
			g.Hints = &cmg.Hints{TreeJoints: []string{ball}}
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			m := mustCompile(t, g, compile.Options{})
			if got := stewartPlatform(t, m); got != ball {
				t.Fatalf("tree spherical joint %s, want the hinted %s", got, ball)
			}
			q0, err := m.Seed("")
			if err != nil {
				t.Fatal(err)
			}
			req, err := m.PartitionRequest("lengths")
			if err != nil {
				t.Fatal(err)
			}
			// Move every joint off the closed seed (lengths by up to 5 mm, which
			// the assembly holds, angles by up to 0.05 rad) identically for all six.
			lengths := map[string]bool{}
			for k := range 6 {
				lengths[fmt.Sprintf("leg_%d_length", k)] = true
			}
			q1 := perturbByID(m, q0, 0.005, 7, nil)
			q1 = perturbByID(m, q1, 0.05, 8, lengths)
			s := assemble(t, m, q1, req, req)
			if s.p.Mobility != 6 {
				t.Errorf("mobility %d, want 6", s.p.Mobility)
			}
			checkLift(t, s)
			for _, id := range slices.Sorted(maps.Keys(lengths)) {
				j := m.Joints[m.JointIndex(id)]
				if s.a.Q[j.Q0] != q1[j.Q0] {
					t.Errorf("held %s moved from %v to %v", id, q1[j.Q0], s.a.Q[j.Q0])
				}
			}
			pose := worldPose(m, s.a.Q, m.BodyNode("platform"))
			// The payload is welded: it must sit on the platform whatever the forest.
			if d := poseDiff(worldPose(m, s.a.Q, m.BodyNode("payload")), pose); d > 1e-15 {
				t.Errorf("payload off the platform by %.3g", d)
			}
			flat := append(append([]float64(nil), pose.P[:]...), pose.R[0][:]...)
			flat = append(append(flat, pose.R[1][:]...), pose.R[2][:]...)
			if ref == nil {
				ref, refBall = flat, ball
				if d := poseDiff(pose, worldPose(m, q0, m.BodyNode("platform"))); d < 1e-4 {
					t.Errorf("the perturbed platform pose differs from the seed's by only %.3g: the check is vacuous", d)
				}
				return
			}
			worst := 0.0
			for k := range flat {
				d := math.Abs(flat[k] - ref[k])
				worst = max(worst, d)
				if d > 1e-12 {
					t.Errorf("platform pose entry %d: %.17g with %s in the tree, %.17g with %s (diff %.3g)", k, flat[k], ball, ref[k], refBall, d)
				}
			}
			t.Logf("platform pose differs from the %s forest's by %.3g", refBall, worst)
		})
	}
}

// TestExcavator: nine loops, closed by nine revolute cuts the compiler chooses (the
// input marks none, and q5 is among them as in the paper), mobility 7 under both
// partition requests and the automatic partition, and the module sizes of the paper.
func TestExcavator(t *testing.T) {
	g := builtin(t, "excavator")
	if g.Hints != nil {
		t.Fatalf("the excavator input carries hints %+v; the cuts must be chosen automatically", g.Hints)
	}
	m := mustCompile(t, g, compile.Options{})
	if len(m.Bodies) != 25 || len(m.Joints) != 34 {
		t.Errorf("%d bodies, %d joints; want 25, 34", len(m.Bodies), len(m.Joints))
	}
	if m.CycleRank != 9 {
		t.Errorf("mu = %d, want 9", m.CycleRank)
	}
	cuts := cutIDs(m)
	if len(cuts) != 9 || !slices.Contains(cuts, "q5") {
		t.Errorf("cuts %v, want nine including q5", cuts)
	}
	for _, c := range m.Comparisons {
		if c.Source != "joint" || c.Joint < 0 || m.Joints[c.Joint].Model.Kind != joint.Revolute || c.Kind != compile.RowsSE3 {
			t.Errorf("cut %s is not a revolute joint cut in SE(3) form (source %s, kind %v)", c.ID, c.Source, c.Kind)
		}
	}
	if m.Rows != 54 {
		t.Errorf("%d rows, want 54", m.Rows)
	}
	want := map[string][]int{"joint_space": {3, 3, 10, 3, 3, 3}, "cylinder_space": {6, 10, 6, 3}}
	q0, err := m.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"joint_space", "cylinder_space"} {
		t.Run(name, func(t *testing.T) {
			if got := moduleSizes(t, m, name); !reflect.DeepEqual(got, want[name]) {
				t.Errorf("module sizes %v, want %v", got, want[name])
			}
			req, err := m.PartitionRequest(name)
			if err != nil {
				t.Fatal(err)
			}
			s := assemble(t, m, q0, req, req)
			if s.p.Mobility != 7 || s.p.Rank != 25 {
				t.Errorf("mobility %d (rank %d), want 7 (25)", s.p.Mobility, s.p.Rank)
			}
			if !reflect.DeepEqual(s.p.Independent, req) {
				t.Errorf("independent %v, want the request %v", s.p.Independent, req)
			}
			checkLift(t, s)
		})
	}
	s := assemble(t, m, q0, nil, nil)
	if s.p.Mobility != 7 {
		t.Errorf("automatic partition: mobility %d, want 7", s.p.Mobility)
	}
}

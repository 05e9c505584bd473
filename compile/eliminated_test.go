package compile_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
)

// TestEliminatedMatchesSE3: on the built-in loop mechanisms the eliminated form (cut
// joints without coordinates, rows on the tree) describes the same mechanism as the
// SE(3) form: the same forest and cycle rank, q and v reduced to the tree's, the same
// mobility under the automatic partition and the partition request, and — assembled from
// the same perturbed seed with the request's coordinates held — the same tree
// configuration.
func TestEliminatedMatchesSE3(t *testing.T) {
	for _, tc := range []struct {
		model, request string
		mobility       int
	}{
		{"fourbar", "crank", 1},
		{"fivebar", "cranks", 2},
		{"stewart", "lengths", 6},
		{"excavator", "joint_space", 7},
		{"excavator", "cylinder_space", 7},
	} {
		t.Run(tc.model+"/"+tc.request, func(t *testing.T) {
			g := builtin(t, tc.model)
			ms := mustCompile(t, g, compile.Options{})
			me := mustCompile(t, g, compile.Options{Eliminate: true})
			if !slices.Equal(treeJointIDs(ms), treeJointIDs(me)) || ms.NQT != me.NQT || ms.NVT != me.NVT {
				t.Fatal("the two forms have different forests")
			}
			if me.CycleRank != ms.CycleRank || !slices.Equal(cutIDs(me), cutIDs(ms)) {
				t.Errorf("cuts %v (mu %d) eliminated, %v (mu %d) in SE(3) form", cutIDs(me), me.CycleRank, cutIDs(ms), ms.CycleRank)
			}
			// No built-in cut is actuated, coupled or requested: every one is eliminated.
			if me.NQ != me.NQT || me.NV != me.NVT || ms.NV <= ms.NVT {
				t.Errorf("eliminated NQ %d NV %d (tree %d, %d); SE(3) NV %d (tree %d)", me.NQ, me.NV, me.NQT, me.NVT, ms.NV, ms.NVT)
			}
			for _, c := range me.Comparisons {
				if c.Joint != -1 || c.Kind == compile.RowsSE3 || !me.Joints[me.JointIndex(c.ID)].Eliminated {
					t.Errorf("cut %s: kind %v, retained joint %d; want eliminated rows", c.ID, c.Kind, c.Joint)
				}
			}
			seed, err := ms.Seed("")
			if err != nil {
				t.Fatal(err)
			}
			seedE, err := me.Seed("")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(seedE, seed[:me.NQ]) {
				t.Errorf("the eliminated seed %v is not the SE(3) seed's tree part %v", seedE, seed[:me.NQ])
			}
			req, err := ms.PartitionRequest(tc.request)
			if err != nil {
				t.Fatal(err)
			}
			reqE, err := me.PartitionRequest(tc.request)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(req, reqE) {
				t.Fatalf("request indices %v eliminated, %v in SE(3) form", reqE, req)
			}
			held := map[string]bool{}
			for _, id := range g.PartitionRequests[tc.request] {
				held[id] = true
			}
			q0 := perturbByID(ms, seed, 0.02, 11, held)
			s := assemble(t, ms, q0, req, req)
			e := assemble(t, me, q0[:me.NQ], req, req)
			if s.p.Mobility != tc.mobility || e.p.Mobility != tc.mobility {
				t.Errorf("mobility %d eliminated, %d in SE(3) form; want %d", e.p.Mobility, s.p.Mobility, tc.mobility)
			}
			checkLift(t, e)
			moved, diff := 0.0, 0.0
			for i := range me.NQT {
				moved = math.Max(moved, math.Abs(s.a.Q[i]-q0[i]))
				diff = math.Max(diff, math.Abs(s.a.Q[i]-e.a.Q[i]))
			}
			if moved < 1e-3 {
				t.Errorf("assembly moved the tree by only %.3g: the comparison is vacuous", moved)
			}
			if diff > 1e-9 {
				t.Errorf("assembled tree configurations differ by %.3g (moved %.3g from the seed)", diff, moved)
			}
			if a := assemble(t, me, q0[:me.NQ], nil, nil); a.p.Mobility != tc.mobility {
				t.Errorf("eliminated form, automatic partition: mobility %d, want %d", a.p.Mobility, tc.mobility)
			}
		})
	}
}

// TestEliminatedConfiguration: the configuration helpers work on the eliminated layout.
// In a four-bar cut at coupler_rocker, that joint owns no coordinate: it has no name,
// no entry in JointValues, its seed value is checked and ignored, and Random, Integrate
// and Difference act on the three tree coordinates alone.
func TestEliminatedConfiguration(t *testing.T) {
	g := builtin(t, "fourbar")
	g.Hints = &cmg.Hints{CutJoints: []string{"coupler_rocker"}}
	m := mustCompile(t, g, compile.Options{Eliminate: true})
	cut := m.Joints[m.JointIndex("coupler_rocker")]
	if !cut.Eliminated || cut.NQ != 0 || cut.NV != 0 || cut.Tree {
		t.Fatalf("cut joint: eliminated %v, NQ %d, NV %d, tree %v", cut.Eliminated, cut.NQ, cut.NV, cut.Tree)
	}
	if m.NQ != 3 || m.NV != 3 || m.Rows != 5 || m.Comparisons[0].Kind != compile.RowsRevolute {
		t.Fatalf("NQ %d, NV %d, %d rows (%v); want 3, 3 and 5 revolute rows", m.NQ, m.NV, m.Rows, m.Comparisons[0].Kind)
	}
	if names := m.CoordinateNames(); !slices.Equal(names, treeJointIDs(m)) {
		t.Errorf("coordinate names %v, want the tree joints %v", names, treeJointIDs(m))
	}
	if _, ok := g.Seeds["default"]["coupler_rocker"]; !ok {
		t.Fatal("the four-bar seed has no coupler_rocker value: the test is vacuous")
	}
	q, err := m.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	vals := m.JointValues(q)
	if _, ok := vals["coupler_rocker"]; ok || len(vals) != 3 {
		t.Errorf("joint values %v, want the three tree joints only", vals)
	}
	before := slices.Clone(q)
	if err := m.SetJointValues(q, map[string]cmg.Values{"coupler_rocker": {0.3}}); err != nil || !slices.Equal(q, before) {
		t.Errorf("setting the eliminated joint: error %v, q %v → %v", err, before, q)
	}
	if err := m.SetJointValues(q, map[string]cmg.Values{"coupler_rocker": {0.3, 0}}); err == nil {
		t.Error("two values for a revolute joint accepted")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	q = m.Random(rng)
	v := []float64{0.1, -0.2, 0.3}
	q1 := make([]float64, m.NQ)
	m.Integrate(q, v, 1, q1)
	dv := make([]float64, m.NV)
	m.Difference(q, q1, dv)
	for i := range v {
		if math.Abs(dv[i]-v[i]) > 1e-15 || math.Abs(q1[i]-q[i]-v[i]) > 1e-15 {
			t.Errorf("coordinate %d: q %v ⊕ v %v = %v, difference %v", i, q, v, q1, dv)
		}
	}
}

// TestEliminatedKeepsReferredCuts: in eliminated form a cut joint that a record refers
// to keeps its coordinates and the SE(3) comparison. The four-bar's crank_pivot is
// actuated and the "crank" partition request names it; cut there, it stays in q and v
// after the tree, and the request still assembles the linkage with mobility 1.
func TestEliminatedKeepsReferredCuts(t *testing.T) {
	g := builtin(t, "fourbar")
	g.Hints = &cmg.Hints{CutJoints: []string{"crank_pivot"}}
	m := mustCompile(t, g, compile.Options{Eliminate: true})
	ji := m.JointIndex("crank_pivot")
	j := m.Joints[ji]
	if j.Tree || j.Eliminated || j.NV != 1 || j.V0 != m.NVT || m.NV != 4 {
		t.Fatalf("crank_pivot: tree %v, eliminated %v, NV %d at %d; model NV %d (tree %d)", j.Tree, j.Eliminated, j.NV, j.V0, m.NV, m.NVT)
	}
	if c := m.Comparisons[0]; c.Kind != compile.RowsSE3 || c.Joint != ji {
		t.Errorf("cut %s: kind %v, joint %d; want se3 retaining %d", c.ID, c.Kind, c.Joint, ji)
	}
	req, err := m.PartitionRequest("crank")
	if err != nil || !slices.Equal(req, []int{j.V0}) {
		t.Fatalf("request crank: %v, %v", req, err)
	}
	q0, err := m.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	if s := assemble(t, m, q0, req, req); s.p.Mobility != 1 {
		t.Errorf("mobility %d, want 1", s.p.Mobility)
	}
}

package check

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
)

// setup compiles g, assembles it from the named seed holding the named partition request
// and partitions it there (after anchoring the named supports, if any).
func setup(t testing.TB, g *cmg.Graph, seed, request string, supports ...string) *robocompiler.Data {
	t.Helper()
	return testfix.Assembled(t, g, seed, request, supports...).D
}

func imported(t testing.TB, rel string) *cmg.Graph {
	g, _, err := mjcf.ImportFile(testmodels.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// runCheck runs the witnesses and fails the test on any missed target; it also requires
// the curvature witness to have applied when the mechanism has nonlinear closure rows.
func runCheck(t *testing.T, name string, d *robocompiler.Data, states int, wantCurvature bool) *Report {
	t.Helper()
	rep, err := Run(d, Options{States: states, Seed: 20260927})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	t.Logf("%s: %+v", name, *rep)
	if rep.States != states {
		t.Errorf("%s: %d states evaluated, want %d", name, rep.States, states)
	}
	for _, f := range rep.Failures() {
		t.Errorf("%s: %s", name, f)
	}
	if wantCurvature && rep.CurvatureStates != states {
		t.Errorf("%s: the curvature omission ratio applied at %d of %d states", name, rep.CurvatureStates, states)
	}
	return rep
}

// TestBuiltins holds every built-in mechanism to the targets at random feasible
// states: 200 for the small mechanisms, fewer for the excavator (its extended-precision
// reference is slow).
func TestBuiltins(t *testing.T) {
	for _, tc := range []struct {
		name, request string
		states        int
	}{
		{"fourbar", "", 200}, {"fivebar", "", 200}, {"stewart", "", 200},
		{"excavator", "joint_space", 40}, {"excavator", "cylinder_space", 40},
	} {
		d := setup(t, testfix.Builtin(t, tc.name), "", tc.request)
		runCheck(t, tc.name+"/"+tc.request, d, tc.states, true)
	}
}

// TestStewartTrees checks Stewart under each of its six spherical tree-joint choices.
func TestStewartTrees(t *testing.T) {
	for i := range 6 {
		g := testfix.Builtin(t, "stewart")
		g.Hints = &cmg.Hints{TreeJoints: []string{stewartSpherical(i)}}
		d := setup(t, g, "", "")
		runCheck(t, stewartSpherical(i), d, 20, true)
	}
}

func stewartSpherical(i int) string { return "leg_" + string(rune('0'+i)) + "_ball" }

// TestImported holds the shared MJCF models to the same targets: Panda (the finger
// coupling is linear, so there is no drift to omit), Go2 in flight and on four and two
// feet, and Kangaroo with a fixed and a floating pelvis and on one and two soles.
func TestImported(t *testing.T) {
	for _, tc := range []struct {
		name, file, seed string
		supports         []string
		curvature        bool
	}{
		{"panda", testmodels.Panda, "home", nil, false},
		{"go2", testmodels.Go2, "", nil, false},
		{"go2/4 feet", testmodels.Go2, "", []string{"FL", "FR", "RL", "RR"}, true},
		{"go2/2 feet", testmodels.Go2, "", []string{"FL", "RR"}, true},
		{"kangaroo fixed", testmodels.KangarooFixed, "", nil, true},
		{"kangaroo", testmodels.Kangaroo, "", nil, true},
		{"kangaroo/left sole", testmodels.Kangaroo, "", []string{"left_ankle_roll"}, true},
		{"kangaroo/both soles", testmodels.Kangaroo, "", []string{"left_ankle_roll", "right_ankle_roll"}, true},
	} {
		d := setup(t, imported(t, tc.file), tc.seed, "", tc.supports...)
		runCheck(t, tc.name, d, 10, tc.curvature)
	}
}

package robots

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
)

// modelCounts are the expected record counts of a built-in model.
type modelCounts struct {
	bodies    int
	joints    map[string]int // by type
	actuators int
	sites     int
	cycleRank int // joints − bodies (one component, ground not a body)
	ground    string
	requests  map[string]int // partition request → size
}

var wantCounts = map[string]modelCounts{
	"fourbar": {bodies: 3, joints: map[string]int{"revolute": 4}, actuators: 1, sites: 1, cycleRank: 1,
		ground: "world", requests: map[string]int{"crank": 1}},
	"fivebar": {bodies: 4, joints: map[string]int{"revolute": 5}, actuators: 2, sites: 1, cycleRank: 1,
		ground: "world", requests: map[string]int{"cranks": 2}},
	"stewart": {bodies: 20, joints: map[string]int{"revolute": 12, "prismatic": 6, "spherical": 6, "fixed": 1},
		actuators: 6, sites: 1, cycleRank: 5, ground: "base", requests: map[string]int{"lengths": 6}},
	"excavator": {bodies: 25, joints: map[string]int{"revolute": 26, "prismatic": 6, "fixed": 2}, actuators: 8,
		cycleRank: 9, ground: "world", requests: map[string]int{"joint_space": 7, "cylinder_space": 7}},
}

func TestNames(t *testing.T) {
	got := Names()
	want := []string{"excavator", "fivebar", "fourbar", "stewart"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	for _, n := range got {
		if d := Describe(n); d == "" || strings.Contains(d, "\n") {
			t.Errorf("Describe(%q) = %q, want one non-empty line", n, d)
		}
	}
	if d := Describe("nope"); d != "" {
		t.Errorf("Describe(unknown) = %q, want empty", d)
	}
	if !strings.Contains(Describe("excavator"), "drive_p0") {
		t.Errorf("Describe(excavator) should mention that drive_p0 is unconnected")
	}
}

func TestGetUnknown(t *testing.T) {
	_, err := Get("sixbar")
	if err == nil {
		t.Fatal("Get(sixbar) succeeded")
	}
	for _, n := range Names() {
		if !strings.Contains(err.Error(), n) {
			t.Errorf("error %q does not list %q", err, n)
		}
	}
}

func TestGetFreshCopy(t *testing.T) {
	for _, n := range Names() {
		a, err := Get(n)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Get(n)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: two Get calls differ", n)
		}
		// Mutate everything reachable through pointers, maps and slices of a.
		a.Bodies[0].Mass = -1
		a.Joints[0].FrameA.Pos[0] = 99
		for i := range a.Joints {
			if a.Joints[i].Axis != nil {
				a.Joints[i].Axis[0] = 7
			}
			if a.Joints[i].Limits != nil {
				a.Joints[i].Limits.Lower[0] = 7
			}
			if a.Joints[i].FrameA.Rot != nil {
				a.Joints[i].FrameA.Rot[0] = 7
			}
			if a.Joints[i].FrameA.Quat != nil {
				a.Joints[i].FrameA.Quat[0] = 7
			}
		}
		if a.Gravity != nil {
			a.Gravity[0] = 7
		}
		for _, s := range a.Seeds {
			for j, v := range s {
				v[0] = 7
				s[j+"x"] = v
			}
		}
		for r := range a.PartitionRequests {
			a.PartitionRequests[r][0] = "x"
		}
		for i := range a.Actuators {
			if a.Actuators[i].EffortLimits != nil {
				a.Actuators[i].EffortLimits[0] = 7
			}
		}
		c, _ := Get(n)
		if !reflect.DeepEqual(b, c) {
			t.Errorf("%s: mutating one Get result changed the next", n)
		}
	}
}

func TestCounts(t *testing.T) {
	for name, want := range wantCounts {
		g, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Bodies) != want.bodies {
			t.Errorf("%s: %d bodies, want %d", name, len(g.Bodies), want.bodies)
		}
		byType := map[string]int{}
		for _, j := range g.Joints {
			byType[j.Type]++
		}
		if !reflect.DeepEqual(byType, want.joints) {
			t.Errorf("%s: joints by type %v, want %v", name, byType, want.joints)
		}
		if len(g.Actuators) != want.actuators {
			t.Errorf("%s: %d actuators, want %d", name, len(g.Actuators), want.actuators)
		}
		if len(g.Sites) != want.sites {
			t.Errorf("%s: %d sites, want %d", name, len(g.Sites), want.sites)
		}
		if r := len(g.Joints) - len(g.Bodies); r != want.cycleRank {
			t.Errorf("%s: cycle rank %d, want %d", name, r, want.cycleRank)
		}
		ground := g.Ground
		if ground == "" {
			ground = cmg.DefaultGround
		}
		if ground != want.ground {
			t.Errorf("%s: ground %q, want %q", name, ground, want.ground)
		}
		if g.Schema != cmg.SchemaVersion || g.Name != name {
			t.Errorf("%s: schema %q name %q", name, g.Schema, g.Name)
		}
		if g.Hints != nil || len(g.LoopCuts) != 0 {
			t.Errorf("%s: pre-authored cuts or hints", name)
		}
		for r, n := range want.requests {
			if len(g.PartitionRequests[r]) != n {
				t.Errorf("%s: partition request %s = %v, want %d joints", name, r, g.PartitionRequests[r], n)
			}
		}
		if len(g.PartitionRequests) != len(want.requests) {
			t.Errorf("%s: partition requests %v", name, g.PartitionRequests)
		}
	}
}

// TestRecordsConsistent checks what the models promise beyond counts: unique ids, known
// bodies, unit axes, proper rotations, physical inertias, seeds covering every moving
// joint with the right number of coordinates, requests and actuators on 1-DoF joints.
func TestRecordsConsistent(t *testing.T) {
	for _, name := range Names() {
		g, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		checkRecords(t, name, g)
	}
}

// checkRecords reports every inconsistency of g (a test-side validator independent of
// package cmg's).
func checkRecords(t *testing.T, name string, g *cmg.Graph) {
	t.Helper()
	ground := g.Ground
	if ground == "" {
		ground = cmg.DefaultGround
	}
	ids := map[string]bool{}
	bodies := map[string]bool{ground: true}
	for _, b := range g.Bodies {
		if ids[b.ID] || b.ID == ground {
			t.Errorf("%s: duplicate body %s", name, b.ID)
		}
		ids[b.ID], bodies[b.ID] = true, true
		if !physicalInertia(b.Mass, b.Inertia) {
			t.Errorf("%s: body %s: inertia %v (mass %g) not physical", name, b.ID, b.Inertia, b.Mass)
		}
	}
	checkFrame := func(where string, f cmg.Frame) {
		if f.Quat != nil && f.Rot != nil {
			t.Errorf("%s: %s: both quat and rot", name, where)
		}
		if f.Quat != nil {
			q := f.Quat
			if n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); math.Abs(n-1) > 1e-12 {
				t.Errorf("%s: %s: quaternion norm %v", name, where, n)
			}
		}
		if f.Rot != nil {
			r := fkFrame(f).R
			if e := rotAngle(r.Mul(r.T())); e > 1e-12 || math.Abs(r.Det()-1) > 1e-12 {
				t.Errorf("%s: %s: rotation not proper orthonormal", name, where)
			}
		}
	}
	nq := map[string]int{"fixed": 0, "revolute": 1, "prismatic": 1, "helical": 1, "universal": 2, "spherical": 4, "free": 7}
	joints := map[string]cmg.Joint{}
	for _, j := range g.Joints {
		if _, dup := joints[j.ID]; dup {
			t.Errorf("%s: duplicate joint %s", name, j.ID)
		}
		joints[j.ID] = j
		if !bodies[j.BodyA] || !bodies[j.BodyB] || j.BodyA == j.BodyB {
			t.Errorf("%s: joint %s joins %s and %s", name, j.ID, j.BodyA, j.BodyB)
		}
		checkFrame("joint "+j.ID+" frame_a", j.FrameA)
		checkFrame("joint "+j.ID+" frame_b", j.FrameB)
		needsAxis := j.Type == "revolute" || j.Type == "prismatic" || j.Type == "helical"
		if needsAxis != (j.Axis != nil) {
			t.Errorf("%s: joint %s (%s): axis %v", name, j.ID, j.Type, j.Axis)
		}
		if j.Axis != nil {
			a := *j.Axis
			if n := math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]); math.Abs(n-1) > 1e-12 {
				t.Errorf("%s: joint %s: axis norm %v", name, j.ID, n)
			}
		}
		if l := j.Limits; l != nil {
			if len(l.Lower) != 1 || len(l.Upper) != 1 || l.Lower[0] >= l.Upper[0] {
				t.Errorf("%s: joint %s: limits %v", name, j.ID, *l)
			}
		}
	}
	for sname, seed := range g.Seeds {
		for id, v := range seed {
			j, ok := joints[id]
			if !ok || len(v) != nq[j.Type] {
				t.Errorf("%s: seed %s: joint %s has %d values", name, sname, id, len(v))
			}
			if ok && j.Limits != nil && (v[0] < j.Limits.Lower[0] || v[0] > j.Limits.Upper[0]) {
				t.Errorf("%s: seed %s: joint %s = %v outside limits %v", name, sname, id, v, *j.Limits)
			}
		}
		for id, j := range joints {
			if _, ok := seed[id]; !ok && j.Type != "fixed" {
				t.Errorf("%s: seed %s misses joint %s", name, sname, id)
			}
		}
	}
	if _, ok := g.Seeds["default"]; !ok {
		t.Errorf("%s: no default seed", name)
	}
	for r, list := range g.PartitionRequests {
		for _, id := range list {
			if nq[joints[id].Type] != 1 {
				t.Errorf("%s: request %s: %s is not a 1-DoF joint", name, r, id)
			}
		}
		if len(slices.Compact(slices.Sorted(slices.Values(list)))) != len(list) {
			t.Errorf("%s: request %s repeats a joint", name, r)
		}
	}
	acts := map[string]bool{}
	for _, a := range g.Actuators {
		if acts[a.ID] {
			t.Errorf("%s: duplicate actuator %s", name, a.ID)
		}
		acts[a.ID] = true
		if a.Type != cmg.ActJoint || nq[joints[a.Joint].Type] != 1 || a.Gear == 0 {
			t.Errorf("%s: actuator %s: %+v", name, a.ID, a)
		}
	}
	for _, s := range g.Sites {
		if !bodies[s.Body] || (s.Kind != cmg.SitePoint && s.Kind != cmg.SiteFrame) {
			t.Errorf("%s: site %s: %+v", name, s.ID, s)
		}
		checkFrame("site "+s.ID, s.Frame)
	}
}

// physicalInertia reports whether a central inertia is positive definite and meets the
// triangle inequalities (up to round-off): its second moment ½ tr(I)·1 − I is positive
// semidefinite.
func physicalInertia(mass float64, in [6]float64) bool {
	if mass < 0 {
		return false
	}
	if mass == 0 {
		return in == [6]float64{}
	}
	m := inertiaMat(in)
	tr := m[0][0] + m[1][1] + m[2][2]
	tol := 1e-12 * tr
	sig := func(i, j int) float64 {
		s := -m[i][j]
		if i == j {
			s += tr / 2
		}
		return s
	}
	// Leading principal minors of I (positive definite) and Σ (semidefinite).
	d1 := m[0][0]
	d2 := m[0][0]*m[1][1] - m[0][1]*m[0][1]
	s1 := sig(0, 0)
	s2 := sig(0, 0)*sig(1, 1) - sig(0, 1)*sig(0, 1)
	var sm [3][3]float64
	for i := range 3 {
		for j := range 3 {
			sm[i][j] = sig(i, j)
		}
	}
	s3 := sm[0][0]*(sm[1][1]*sm[2][2]-sm[1][2]*sm[2][1]) - sm[0][1]*(sm[1][0]*sm[2][2]-sm[1][2]*sm[2][0]) +
		sm[0][2]*(sm[1][0]*sm[2][1]-sm[1][1]*sm[2][0])
	return d1 > 0 && d2 > 0 && m.Det() > 0 && s1 >= -tol && s2 >= -tol*tr && s3 >= -tol*tr*tr &&
		sig(1, 1) >= -tol && sig(2, 2) >= -tol
}

func TestSeedsClose(t *testing.T) {
	for _, name := range Names() {
		g, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		pos, rot, cut, err := closeLoopsOrders(g, 16, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: closure gap %.2e m, %.2e rad over %d different loop-closing joints", name, pos, rot, cut)
		if pos > 1e-12 || rot > 1e-12 {
			t.Errorf("%s: seed leaves a gap of %.3g m / %.3g rad", name, pos, rot)
		}
		if cut < wantCounts[name].cycleRank {
			t.Errorf("%s: only %d joints closed loops", name, cut)
		}
	}
}

// TestClosureCheckDetects makes sure the FK check can fail: a wrong seed coordinate on a
// loop must open a gap.
func TestClosureCheckDetects(t *testing.T) {
	for name, joint := range map[string]string{"fourbar": "crank_coupler", "fivebar": "left_elbow",
		"stewart": "leg_3_length", "excavator": "q13"} {
		g, _ := Get(name)
		g.Seeds["default"][joint][0] += 1e-6
		pos, rot, _, err := closeLoopsOrders(g, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		if pos < 1e-8 && rot < 1e-8 {
			t.Errorf("%s: perturbing %s left the gap at %.3g m / %.3g rad", name, joint, pos, rot)
		}
	}
}

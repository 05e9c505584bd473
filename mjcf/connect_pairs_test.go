package mjcf

import (
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/spatial"
)

// pairDoc has one connect pair on a cross piece (a hinge crossing the pair line at its
// midpoint at a right angle: a universal joint), one pair without one (a revolute
// joint) and a single connect.
const pairDoc = `<mujoco>
 <worldbody>
  <body name="a" euler="0.1 0.2 0.3"><joint name="ja" axis="0 0 1"/><inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.1"/>
   <body name="cross" pos="1 0 0" euler="0 0 0.4"><joint name="jc" axis="1 0 0"/><inertial pos="0 0 0" mass="0.1" diaginertia="0.01 0.01 0.01"/></body>
  </body>
  <body name="b" pos="1 0 0.2" euler="0.2 0 0"><joint name="jb" axis="0 0 1"/><inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.1"/></body>
  <body name="c" pos="0 1 0"><joint name="jd" axis="0 1 0"/><inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.1"/></body>
 </worldbody>
 <equality>
  <connect name="u1" body1="cross" body2="b" anchor="0 -0.1 0"/>
  <connect name="single" body1="c" anchor="0 0 0"/>
  <connect name="u2" body1="cross" body2="b" anchor="0 0.1 0"/>
  <connect name="r1" body1="a" body2="c" anchor="0.5 0.5 0"/>
  <connect name="r2" body1="c" body2="a" anchor="0 0 0.3"/>
 </equality>
</mujoco>`

func importPairs(t *testing.T, doc string, merge bool) *cmg.Graph {
	t.Helper()
	g, _, err := ImportWith([]byte(doc), ".", "pairs.xml", ImportOptions{MergeConnectPairs: merge})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMergeConnectPairs checks that the pairs are found by geometry: the pair on the
// cross piece becomes a universal cut, the other a revolute cut about the line through
// its anchors, the single connect stays a point cut; and that both anchors of each pair
// coincide with the merged cut's frames at qpos0.
func TestMergeConnectPairs(t *testing.T) {
	plain := importPairs(t, pairDoc, false)
	g := importPairs(t, pairDoc, true)
	if len(g.LoopCuts) != 3 {
		t.Fatalf("%d cuts, want 3: %+v", len(g.LoopCuts), g.LoopCuts)
	}
	world := func(gr *cmg.Graph, body string) spatial.Transform { return bodyWorldOf(t, gr, body) }
	u := g.LoopCut("u1")
	if u == nil || u.Type != cmg.CutUniversal || u.BodyA != "cross" || u.BodyB != "b" || g.LoopCut("u2") != nil {
		t.Fatalf("u1 = %+v", u)
	}
	// The pair line is the cross piece's y axis, the hinge its x axis: Axis = ±y and
	// Axis2 = ±z (their common perpendicular), both in the cross piece's coordinates.
	if math.Abs(math.Abs(u.Axis[1])-1) > 1e-12 || math.Abs(math.Abs(u.Axis2[2])-1) > 1e-12 {
		t.Errorf("universal axes %v %v, want ±y and ±z", *u.Axis, *u.Axis2)
	}
	r := g.LoopCut("r1")
	if r == nil || r.Type != cmg.CutRevolute || g.LoopCut("r2") != nil {
		t.Fatalf("r1 = %+v", r)
	}
	if s := g.LoopCut("single"); s == nil || !reflect.DeepEqual(*s, *plain.LoopCut("single")) {
		t.Errorf("single = %+v, want it unchanged", s)
	}
	// Each merged cut's frame A, seen in the world, lies on the line through both
	// anchors (at their midpoint), and its axis points along the line; frame B
	// coincides with frame A at qpos0.
	for id, pair := range map[string][2]string{"u1": {"u1", "u2"}, "r1": {"r1", "r2"}} {
		c := g.LoopCut(id)
		FA := world(g, c.BodyA).Mul(c.FrameA.Transform())
		FB := world(g, c.BodyB).Mul(c.FrameB.Transform())
		if FA.P.Sub(FB.P).Norm() > 1e-12 || !rotClose(FA.R, FB.R, 1e-12) {
			t.Errorf("%s: frames differ at qpos0: %v %v", id, FA, FB)
		}
		var p [2]spatial.Vec3
		for k, pid := range pair {
			pc := plain.LoopCut(pid)
			p[k] = world(plain, pc.BodyA).Apply(spatial.Vec3(pc.FrameA.Pos))
		}
		if FA.P.Sub(p[0].Add(p[1]).Scale(0.5)).Norm() > 1e-12 {
			t.Errorf("%s: frame at %v, want the midpoint of %v and %v", id, FA.P, p[0], p[1])
		}
		line := p[1].Sub(p[0])
		if a := FA.R.MulVec(spatial.Vec3(*c.Axis)); math.Abs(math.Abs(a.Dot(line))-line.Norm()) > 1e-12 {
			t.Errorf("%s: axis %v not along the pair line %v", id, a, line)
		}
	}
}

// TestMergeConnectPairsCrossSecond: the cross piece is found when it is the connects'
// second body too; the cut is then written with the cross piece as body A.
func TestMergeConnectPairsCrossSecond(t *testing.T) {
	plain := importPairs(t, pairDoc, false)
	doc := pairDoc
	for _, id := range []string{"u1", "u2"} {
		c := plain.LoopCut(id)
		old := fmt.Sprintf(`name=%q body1="cross" body2="b" anchor="%g %g %g"`, id, c.FrameA.Pos[0], c.FrameA.Pos[1], c.FrameA.Pos[2])
		p := c.FrameB.Pos
		doc = strings.Replace(doc, old, fmt.Sprintf(`name=%q body1="b" body2="cross" anchor="%.17g %.17g %.17g"`, id, p[0], p[1], p[2]), 1)
	}
	if doc == pairDoc {
		t.Fatal("document not rewritten")
	}
	want := importPairs(t, pairDoc, true).LoopCut("u1")
	got := importPairs(t, doc, true).LoopCut("u1")
	if got.Type != cmg.CutUniversal || got.BodyA != "cross" || got.BodyB != "b" ||
		spatial.Vec3(got.FrameA.Pos).Sub(spatial.Vec3(want.FrameA.Pos)).Norm() > 1e-12 ||
		spatial.Vec3(*got.Axis).Cross(spatial.Vec3(*want.Axis)).Norm() > 1e-12 ||
		spatial.Vec3(*got.Axis2).Cross(spatial.Vec3(*want.Axis2)).Norm() > 1e-12 {
		t.Errorf("u1 = %+v, want %+v", got, want)
	}
}

// bodyWorldOf chains the joints of g at zero joint values to body's pose.
func bodyWorldOf(t *testing.T, g *cmg.Graph, body string) spatial.Transform {
	t.Helper()
	if body == g.Ground || body == cmg.DefaultGround {
		return spatial.Identity()
	}
	for _, j := range g.Joints {
		if j.BodyB == body {
			return bodyWorldOf(t, g, j.BodyA).Mul(j.FrameA.Transform()).Mul(j.FrameB.Transform().Inv())
		}
	}
	t.Fatalf("no joint leads to %q", body)
	return spatial.Transform{}
}

// TestMergeConnectPairsCoincident: a pair whose anchors coincide defines no axis and is
// rejected with a message naming both equalities.
func TestMergeConnectPairsCoincident(t *testing.T) {
	doc := strings.Replace(pairDoc, `anchor="0 0 0.3"`, `anchor="0.5 0.5 0"`, 1)
	doc = strings.Replace(doc, `name="r2" body1="c" body2="a"`, `name="r2" body1="a" body2="c"`, 1)
	_, _, err := ImportWith([]byte(doc), ".", "pairs.xml", ImportOptions{MergeConnectPairs: true})
	if err == nil || !strings.Contains(err.Error(), `"r1"`) || !strings.Contains(err.Error(), `"r2"`) || !strings.Contains(err.Error(), "coincident") {
		t.Fatalf("err = %v, want coincident anchors of r1 and r2", err)
	}
	if _, _, err := ImportWith([]byte(doc), ".", "pairs.xml", ImportOptions{}); err != nil {
		t.Errorf("without the option the pair imports as two point cuts: %v", err)
	}
}

// TestMergeConnectPairsOff: without the option the import is exactly today's (every
// connect a point cut), for the test document and the shared Kangaroo.
func TestMergeConnectPairsOff(t *testing.T) {
	g := importPairs(t, pairDoc, false)
	if len(g.LoopCuts) != 5 {
		t.Fatalf("%d cuts, want 5", len(g.LoopCuts))
	}
	for _, c := range g.LoopCuts {
		if c.Type != cmg.CutPoint {
			t.Errorf("%s is a %s cut", c.ID, c.Type)
		}
	}
	path := filepath.Join(testmodels.Dir(t), testmodels.KangarooFixed)
	a, _, err := ImportFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := ImportFileWith(path, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) || len(a.LoopCuts) != 28 {
		t.Errorf("ImportFileWith without options differs from ImportFile (%d cuts)", len(a.LoopCuts))
	}
}

// TestMergeConnectPairsKangaroo: on the shared Kangaroo the four hip-differential pairs
// (two per leg, each on its cross piece "…_univ") become universal cuts and the other
// twenty connects stay point cuts.
func TestMergeConnectPairsKangaroo(t *testing.T) {
	for _, file := range []string{testmodels.Kangaroo, testmodels.KangarooFixed} {
		g, _, err := ImportFileWith(filepath.Join(testmodels.Dir(t), file), ImportOptions{MergeConnectPairs: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
		var universal []string
		points := 0
		for _, c := range g.LoopCuts {
			switch c.Type {
			case cmg.CutUniversal:
				universal = append(universal, c.ID+"@"+c.BodyA)
			case cmg.CutPoint:
				points++
			default:
				t.Errorf("%s: unexpected %s cut", c.ID, c.Type)
			}
		}
		want := []string{"left_hip_differential_2a@left_hip_differential_2_univ", "left_hip_differential_3a@left_hip_differential_3_univ",
			"right_hip_differential_2a@right_hip_differential_2_univ", "right_hip_differential_3a@right_hip_differential_3_univ"}
		if !reflect.DeepEqual(universal, want) || points != 20 {
			t.Errorf("%s: universal %v, %d points; want %v and 20", file, universal, points, want)
		}
	}
}

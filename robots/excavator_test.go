package robots

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/robots/internal/excavatorcsv"
)

// excavatorSource is the directory of the excavator figures, relative to this package.
var excavatorSource = filepath.Join("..", "..", "shared", "models", "excavator")

// TestExcavatorDataUpToDate re-derives data/excavator.json from the figures and fails if
// the committed file differs.
func TestExcavatorDataUpToDate(t *testing.T) {
	if _, err := os.Stat(filepath.Join(excavatorSource, "joints.csv")); err != nil {
		t.Skipf("excavator figures not found at %s (%v): the embedded data/excavator.json is not re-derived", excavatorSource, err)
	}
	g, err := excavatorcsv.Convert(excavatorSource)
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(b, excavatorJSON) {
		return
	}
	got, want := strings.Split(string(excavatorJSON), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(got) || i < len(want); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("data/excavator.json is stale (line %d: have %q, re-derived %q); regenerate with `go generate ./robots`", i+1, g, w)
		}
	}
}

func TestExcavatorRecords(t *testing.T) {
	g, err := Get("excavator")
	if err != nil {
		t.Fatal(err)
	}
	var acts []string
	for _, a := range g.Actuators {
		acts = append(acts, a.ID+"→"+a.Joint)
	}
	want := []string{"drive_p0→p0", "drive_p1→p1", "drive_p2→p2", "drive_p3→p3", "drive_p4→p4", "drive_p5→p5",
		"drive_q21→q21", "drive_q23→q23"}
	if !reflect.DeepEqual(acts, want) {
		t.Errorf("actuators %v, want %v", acts, want)
	}
	wantReq := map[string][]string{
		"joint_space":    {"q23", "q7", "q4", "q0", "q1", "q21", "q22"},
		"cylinder_space": {"q23", "p3", "p5", "p2", "p1", "q21", "q22"},
	}
	if !reflect.DeepEqual(g.PartitionRequests, wantReq) {
		t.Errorf("partition requests %v", g.PartitionRequests)
	}
	if g.BranchWindow == nil || g.BranchWindow.RevoluteRad != 3.0 || g.BranchWindow.PrismaticM != 1.8 {
		t.Errorf("branch window %+v", g.BranchWindow)
	}
	if g.Gravity == nil || *g.Gravity != [3]float64{0, 0, -9.81} {
		t.Errorf("gravity %v", g.Gravity)
	}
	if n := len(g.Seeds["default"]); n != 32 {
		t.Errorf("seed has %d joints, want 32", n)
	}
	if v := g.Seeds["default"]["q24"][0]; v != -2.55954063114521 {
		t.Errorf("seed q24 = %v", v)
	}
	for _, j := range g.Joints {
		if (j.Type == "fixed") != (j.Axis == nil) {
			t.Errorf("joint %s (%s): axis %v", j.ID, j.Type, j.Axis)
		}
	}
	// Spot values copied from the source (inertia off-diagonals as matrix elements).
	b := findBody(g, "body_1")
	if b == nil || b.Mass != 60.95193087991505 || b.Inertia[3] != 0.00019726063674004992 {
		t.Errorf("body_1 = %+v", b)
	}
	j := findJoint(g, "fixed_world_base")
	if j == nil || j.BodyA != "world" || j.FrameA.Pos[0] != 2.1126661182113513 || j.FrameB.Rot != nil {
		t.Errorf("fixed_world_base = %+v", j)
	}
}

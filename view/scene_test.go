package view

import (
	"math"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

func TestSceneOfAGeneratedDrawing(t *testing.T) {
	m, d := assembled(t, "stewart")
	s, err := NewScene(m, d.Q)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Nodes) != 21 || len(s.Cuts) != 5 || len(s.Joints) != 25 {
		t.Fatalf("%d nodes, %d cuts, %d joints; want 21, 5, 25", len(s.Nodes), len(s.Cuts), len(s.Joints))
	}
	links := 0
	for _, n := range s.Nodes[1:] {
		roles := map[string]int{}
		for _, sh := range n.Shapes {
			roles[sh.Role]++
		}
		links += roles["link"]
		if n.Mass > 0 && roles["inertia"] != 1 {
			t.Errorf("body %s: shapes %v, want one inertia ellipsoid", n.ID, roles)
		}
	}
	if links < 20 {
		t.Errorf("%d links, want one at least per leg part", links)
	}
}

// TestInertiaEllipsoidHasTheBodysInertia: the uniform solid ellipsoid drawn for a body
// has the body's mass, centre of mass and rotational inertia.
func TestInertiaEllipsoidHasTheBodysInertia(t *testing.T) {
	m, _ := assembled(t, "excavator")
	checked := 0
	for _, b := range m.Bodies {
		in := b.Inertia
		sh, ok := inertiaShape(in, "ellipsoid", 0, math.Inf(1))
		if !ok {
			continue
		}
		a := sh.Size
		d := spatial.Mat3{{(a[1]*a[1] + a[2]*a[2]) / 5}, {0, (a[0]*a[0] + a[2]*a[2]) / 5}, {0, 0, (a[0]*a[0] + a[1]*a[1]) / 5}}
		q := spatial.Quat{sh.Pose[3], sh.Pose[4], sh.Pose[5], sh.Pose[6]}
		x := spatial.Transform{R: q.Mat3(), P: spatial.Vec3{sh.Pose[0], sh.Pose[1], sh.Pose[2]}}
		got := spatial.NewInertia(in.Mass, spatial.Vec3{}, scaleMat(d, in.Mass)).Transformed(x)
		ref := in.IAtCOM()
		scale := math.Abs(ref[0][0]) + math.Abs(ref[1][1]) + math.Abs(ref[2][2])
		gi := got.IAtCOM()
		for i := range 3 {
			for j := range 3 {
				if math.Abs(gi[i][j]-ref[i][j]) > 1e-9*scale {
					t.Fatalf("body %s: ellipsoid inertia %v, body %v", b.ID, gi, ref)
				}
			}
		}
		if c := got.COM().Sub(in.COM()).Norm(); c > 1e-12 {
			t.Fatalf("body %s: ellipsoid centre off by %g m", b.ID, c)
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d bodies checked", checked)
	}
}

// scaleMat returns s·a.
func scaleMat(a spatial.Mat3, s float64) spatial.Mat3 {
	for i := range 3 {
		for j := range 3 {
			a[i][j] *= s
		}
	}
	return a
}

func TestSceneOfAnMJCFModel(t *testing.T) {
	m, d := assembled(t, "testdata/arm.xml")
	s, err := NewScene(m, d.Q)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	var mesh *Shape
	for _, n := range s.Nodes {
		for i, sh := range n.Shapes {
			types[sh.Type]++
			if sh.Type == "mesh" {
				mesh = &n.Shapes[i]
			}
		}
	}
	want := map[string]int{"plane": 1, "capsule": 1, "sphere": 1, "mesh": 1, "cylinder": 1, "box": 2, "ellipsoid": 1}
	for k, v := range want {
		if types[k] != v {
			t.Errorf("%d %s shapes, want %d (all: %v)", types[k], k, v, types)
		}
	}
	if mesh == nil || mesh.Mesh != "files/meshes/tetra.stl" || mesh.Scale != [3]float64{2, 2, 2} || mesh.Format != "stl" {
		t.Errorf("mesh shape %+v, want files/meshes/tetra.stl scaled 2", mesh)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "absent.stl") {
		t.Errorf("warnings %q, want the missing absent.stl", s.Warnings)
	}
	cover := s.Nodes[m.BodyNode("cover")]
	if len(cover.Shapes) != 1 || cover.Shapes[0].Role != "fallback" || cover.Shapes[0].Type != "box" {
		t.Errorf("cover shapes %+v, want one fallback box", cover.Shapes)
	}
}

func TestSceneOfKangaroo(t *testing.T) {
	m, d := assembled(t, kangarooPath)
	s, err := NewScene(m, d.Q)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Nodes)-1 != len(m.Bodies) || len(s.Cuts) != 28 {
		t.Errorf("%d bodies, %d cuts; want %d, 28", len(s.Nodes)-1, len(s.Cuts), len(m.Bodies))
	}
	if len(s.Warnings) == 0 || !strings.Contains(s.Warnings[0], "mesh file(s) missing") {
		t.Errorf("warnings %q, want the missing meshes", s.Warnings)
	}
}

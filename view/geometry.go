package view

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// Colours of the generated drawing.
var (
	linkRGBA    = [4]float64{0.62, 0.66, 0.72, 1}
	inertiaRGBA = [4]float64{0.35, 0.55, 0.85, 0.35}
	missingRGBA = [4]float64{0.85, 0.55, 0.25, 0.6}
)

// drawBodies gives every node its shapes: the MJCF geoms when the model is an MJCF file,
// else the generated drawing.
func (s *Scene) drawBodies(m *robocompiler.Model) error {
	src := m.Graph.Source
	if strings.EqualFold(filepath.Ext(src), ".xml") {
		if _, err := os.Stat(src); err == nil {
			return s.drawMJCF(m, src)
		}
	}
	s.drawGenerated(m)
	return nil
}

// drawMJCF draws the bodies from the geoms of the MJCF file src. Mesh geoms whose file is
// missing, outside the model's directory or neither STL nor OBJ are replaced, once per body, by the body's
// inertia-equivalent box.
func (s *Scene) drawMJCF(m *robocompiler.Model, src string) error {
	vis, _, err := mjcf.VisualsFile(src)
	if err != nil {
		return err
	}
	dir := filepath.Dir(src)
	var missing []string
	fallback := map[int]bool{}
	for _, v := range vis {
		n := m.BodyNode(v.Body)
		if n < 0 {
			continue // a body the import merged away
		}
		sh := Shape{Type: v.Type, Size: v.Size, Half: v.HalfLength, Pose: poseOf(v.Frame), RGBA: v.RGBA, Group: v.Group, Scale: [3]float64{1, 1, 1}}
		if v.Type == "mesh" {
			sh.Format = strings.TrimPrefix(strings.ToLower(filepath.Ext(v.Mesh)), ".")
			if fi, err := os.Stat(v.Mesh); err != nil || fi.IsDir() || (sh.Format != "stl" && sh.Format != "obj") {
				if v.Group < 3 {
					missing = append(missing, v.Mesh)
					fallback[n] = true
				}
				continue
			}
			rel, err := filepath.Rel(dir, v.Mesh)
			if err != nil || !filepath.IsLocal(rel) {
				if v.Group < 3 {
					missing = append(missing, v.Mesh+" (outside the model's directory)")
					fallback[n] = true
				}
				continue
			}
			sh.file, sh.Scale, sh.Mesh = v.Mesh, v.MeshScale, "files/"+filepath.ToSlash(rel)
		}
		s.Nodes[n].Shapes = append(s.Nodes[n].Shapes, sh)
	}
	for n := range s.Nodes {
		if fallback[n] && n > 0 {
			if box, ok := inertiaShape(m.Bodies[n-1].Inertia, "box", s.Length/400, s.Length/5); ok {
				box.Role, box.RGBA = "fallback", missingRGBA
				s.Nodes[n].Shapes = append(s.Nodes[n].Shapes, box)
			}
		}
	}
	if len(missing) > 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("%d mesh file(s) missing or unreadable (first: %s): %d bodies are drawn as their inertia-equivalent boxes",
			len(missing), missing[0], len(fallback)))
	}
	return nil
}

// drawGenerated draws every body as sticks from its centre of mass to the frames it
// carries (joint frames, sites, port points) and its inertia-equivalent ellipsoid.
func (s *Scene) drawGenerated(m *robocompiler.Model) {
	points := make([][]spatial.Vec3, len(s.Nodes))
	for _, j := range m.Joints {
		points[j.NodeA] = append(points[j.NodeA], j.A.P)
		points[j.NodeB] = append(points[j.NodeB], j.B.P)
	}
	for _, c := range m.Comparisons {
		points[c.NodeA] = append(points[c.NodeA], c.FrameA.P)
		points[c.NodeB] = append(points[c.NodeB], c.FrameB.P)
	}
	for _, st := range m.Sites {
		points[st.Node] = append(points[st.Node], st.Frame.P)
	}
	for _, p := range m.Ports {
		if p.TwoPoint {
			points[p.NodeA] = append(points[p.NodeA], p.PointA)
			points[p.NodeB] = append(points[p.NodeB], p.PointB)
		}
	}
	r := s.Length / 120
	for n := 1; n < len(s.Nodes); n++ {
		in := m.Bodies[n-1].Inertia
		c := spatial.Vec3{}
		if in.Mass > 0 {
			c = in.COM()
		}
		for _, p := range points[n] {
			if st, ok := stick(c, p, r); ok {
				s.Nodes[n].Shapes = append(s.Nodes[n].Shapes, st)
			}
		}
		if e, ok := inertiaShape(in, "ellipsoid", s.Length/400, s.Length/5); ok {
			e.Role, e.RGBA = "inertia", inertiaRGBA
			s.Nodes[n].Shapes = append(s.Nodes[n].Shapes, e)
		}
	}
}

// stick is a cylinder of radius r from a to b (false when they coincide).
func stick(a, b spatial.Vec3, r float64) (Shape, bool) {
	d := b.Sub(a)
	l := d.Norm()
	if l < 1e-9 {
		return Shape{}, false
	}
	x := spatial.Transform{R: zAlong(d.Scale(1 / l)), P: a.Add(b).Scale(0.5)}
	return Shape{Type: "cylinder", Size: [3]float64{r}, Half: l / 2, Pose: poseOf(x), RGBA: linkRGBA, Scale: [3]float64{1, 1, 1}, Role: "link"}, true
}

// zAlong returns a rotation whose z axis is the unit vector z.
func zAlong(z spatial.Vec3) spatial.Mat3 {
	h := spatial.Vec3{1, 0, 0}
	if math.Abs(z[0]) > 0.9 {
		h = spatial.Vec3{0, 1, 0}
	}
	x := h.Sub(z.Scale(h.Dot(z)))
	x = x.Scale(1 / x.Norm())
	y := z.Cross(x)
	return spatial.Mat3{{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}}
}

// inertiaShape is the uniform ellipsoid or box with the body's mass and principal
// inertias, at its centre of mass along its principal axes (false for a massless body).
// Semi-axes are kept within [lo, hi] (m).
func inertiaShape(in spatial.Inertia, typ string, lo, hi float64) (Shape, bool) {
	if !(in.Mass > 0) {
		return Shape{}, false
	}
	ic := in.IAtCOM()
	var es mat.EigenSym
	sym := mat.NewSymDense(3, []float64{ic[0][0], ic[0][1], ic[0][2], ic[1][0], ic[1][1], ic[1][2], ic[2][0], ic[2][1], ic[2][2]})
	if !es.Factorize(sym, true) {
		return Shape{}, false
	}
	ev := es.Values(nil)
	var vec mat.Dense
	es.VectorsTo(&vec)
	k := 5.0 // ellipsoid: I_x = m (b² + c²) / 5
	if typ == "box" {
		k = 3 // box with half sizes: I_x = m (b² + c²) / 3
	}
	var size [3]float64
	for i := range 3 {
		sq := k / (2 * in.Mass) * (ev[(i+1)%3] + ev[(i+2)%3] - ev[i])
		size[i] = min(max(math.Sqrt(max(sq, 0)), lo), hi)
	}
	var r spatial.Mat3
	for i := range 3 {
		for j := range 3 {
			r[i][j] = vec.At(i, j)
		}
	}
	if r.Det() < 0 {
		for i := range 3 {
			r[i][2] = -r[i][2]
		}
	}
	x := spatial.Transform{R: r, P: in.COM()}
	return Shape{Type: typ, Size: size, Pose: poseOf(x), Scale: [3]float64{1, 1, 1}}, true
}

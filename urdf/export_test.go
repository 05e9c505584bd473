package urdf

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/spatial"
)

// compiled compiles the built-in mechanism name (directly: testfix goes through the front
// door, which imports this package).
func compiled(t *testing.T, name string) *compile.Model {
	t.Helper()
	g, err := robots.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestExportURDFRoundTrip: Import(Export(model)) has the model's tree joints with the
// same coordinates, and M_T and h_T agree at 20 random states (relative 1e-12) under
// the model's gravity (URDF does not carry gravity).
func TestExportURDFRoundTrip(t *testing.T) {
	for _, name := range []string{"fourbar", "fivebar", "excavator"} {
		t.Run(name, func(t *testing.T) {
			m := compiled(t, name)
			var buf bytes.Buffer
			if err := Export(m, &buf); err != nil {
				t.Fatal(err)
			}
			g2, _, err := Import(buf.Bytes(), "export.urdf")
			if err != nil {
				t.Fatalf("re-import: %v\n%s", err, buf.String())
			}
			g2.Gravity = m.Graph.Gravity // URDF has no gravity
			m2, err := compile.Compile(g2, compile.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if m2.NVT != m.NVT || len(m2.Bodies) != len(m.Bodies) || m2.Rows != 0 {
				t.Fatalf("re-import: NVT %d bodies %d rows %d, want %d %d 0", m2.NVT, len(m2.Bodies), m2.Rows, m.NVT, len(m.Bodies))
			}
			// perm[k]: the re-imported velocity of our tree velocity k (same joint ids).
			perm := make([]int, m.NVT)
			for _, e := range m.Edges {
				j := &m.Joints[e.Joint]
				j2 := &m2.Joints[m2.JointIndex(j.ID)]
				for k := 0; k < j.NV; k++ {
					perm[j.V0+k] = j2.V0 + k
				}
			}
			rng := rand.New(rand.NewPCG(5, 6))
			d, d2 := dyn.NewData(m), dyn.NewData(m2)
			nv := m.NVT
			M, h, M2, h2 := make([]float64, nv*nv), make([]float64, nv), make([]float64, nv*nv), make([]float64, nv)
			worst := 0.0
			for s := 0; s < 20; s++ {
				q, v := m.Random(rng), make([]float64, m.NV)
				q2, v2 := make([]float64, m2.NQ), make([]float64, m2.NV)
				for i := range v {
					v[i] = rng.NormFloat64()
				}
				for k := 0; k < nv; k++ { // 1-DoF joints only: q and v share the index
					q2[perm[k]], v2[perm[k]] = q[k], v[k]
				}
				d.CRBA(q, M)
				d.Bias(q, v, nil, h)
				d2.CRBA(q2, M2)
				d2.Bias(q2, v2, nil, h2)
				dM, dh, sM, sh := 0.0, 0.0, 0.0, 0.0
				for i := 0; i < nv; i++ {
					sh, dh = math.Max(sh, math.Abs(h[i])), math.Max(dh, math.Abs(h[i]-h2[perm[i]]))
					for k := 0; k < nv; k++ {
						sM, dM = math.Max(sM, math.Abs(M[i*nv+k])), math.Max(dM, math.Abs(M[i*nv+k]-M2[perm[i]*nv+perm[k]]))
					}
				}
				worst = math.Max(worst, math.Max(dM/sM, dh/sh))
			}
			t.Logf("%s: M_T, h_T largest relative difference %.2g", name, worst)
			if worst > 1e-12 {
				t.Errorf("M_T, h_T differ by %.3g (relative) after the URDF round trip", worst)
			}
		})
	}
}

// TestExportClosuresCoincide: at the assembled configuration the two frames of every
// sidecar closure coincide (in position for 3D, in pose for 6D), placed by the URDF link
// frames; the YAML lists each closure.
func TestExportClosuresCoincide(t *testing.T) {
	for _, name := range []string{"fourbar", "stewart", "excavator"} {
		t.Run(name, func(t *testing.T) {
			m := compiled(t, name)
			q0, err := m.Seed("")
			if err != nil {
				t.Fatal(err)
			}
			a, err := closure.Assemble(m, q0, closure.AssembleOptions{})
			if err != nil {
				t.Fatal(err)
			}
			tree, err := buildTree(m)
			if err != nil {
				t.Fatal(err)
			}
			d := dyn.NewData(m)
			d.ForwardKinematics(a.Q, make([]float64, m.NV))
			world := func(link string, f spatial.Transform) spatial.Transform {
				n := m.BodyNode(link)
				return d.Pose(n).Mul(tree.frame[n]).Mul(f)
			}
			var yaml bytes.Buffer
			if err := ExportClosures(m, &yaml); err != nil {
				t.Fatal(err)
			}
			count := 0
			for i := range m.Comparisons {
				cs, err := tree.closures(&m.Comparisons[i])
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range cs {
					count++
					A, B := world(c.linkA, c.frameA), world(c.linkB, c.frameB)
					gap := A.P.Sub(B.P).Norm()
					if c.typ == "6D" {
						for r := range 3 {
							for k := range 3 {
								gap = math.Max(gap, math.Abs(A.R[r][k]-B.R[r][k]))
							}
						}
					}
					if gap > 1e-12 {
						t.Errorf("closure %q: frames %.3g apart", c.name, gap)
					}
					if !strings.Contains(yaml.String(), "name: \""+c.name+"\"\n    type: "+c.typ) {
						t.Errorf("closure %q (%s) missing from the YAML", c.name, c.typ)
					}
				}
			}
			if got := strings.Count(yaml.String(), "  - name: "); got != count || count == 0 {
				t.Errorf("YAML lists %d closures, want %d (> 0)", got, count)
			}
		})
	}
}

// TestExportURDFErrors: a helical joint cannot be written as URDF; a universal loop cut
// cannot be written in the sidecar. Both errors name the record and field.
func TestExportURDFErrors(t *testing.T) {
	g := &cmg.Graph{Schema: cmg.SchemaVersion, Name: "e",
		Bodies: []cmg.Body{{ID: "a", Mass: 1, Inertia: [6]float64{1, 1, 1}}},
		Joints: []cmg.Joint{{ID: "ja", Type: "helical", Pitch: 0.01, BodyA: "world", BodyB: "a", Axis: &[3]float64{0, 0, 1}}}}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var fe *cmg.FieldError
	if err := Export(m, &bytes.Buffer{}); !errors.As(err, &fe) || fe.Record != `joint "ja"` || fe.Field != "type" {
		t.Errorf("helical: got %v", err)
	}
	g.Joints[0].Type = "revolute"
	g.LoopCuts = []cmg.LoopCut{{ID: "lc", Type: "universal", BodyA: "world", BodyB: "a", Axis: &[3]float64{1, 0, 0}, Axis2: &[3]float64{0, 1, 0}}}
	if m, err = compile.Compile(g, compile.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := ExportClosures(m, &bytes.Buffer{}); !errors.As(err, &fe) || fe.Record != `loop_cut "lc"` || fe.Field != "type" {
		t.Errorf("universal loop cut: got %v", err)
	}
}

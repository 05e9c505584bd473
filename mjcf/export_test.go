package mjcf_test

import (
	"bytes"
	"errors"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/spatial"
)

// roundTripModels are exported and re-imported: built-in mechanisms and shared MJCF.
var roundTripModels = []struct {
	name, seed string
	graph      func(t *testing.T) *cmg.Graph
}{
	{"fourbar", "", builtinGraph("fourbar")},
	{"fivebar", "", builtinGraph("fivebar")},
	{"stewart", "", builtinGraph("stewart")},
	{"excavator", "", builtinGraph("excavator")},
	{"panda", "home", sharedGraph(testmodels.Panda)},
	{"go2", "home", sharedGraph(testmodels.Go2)},
	{"kangaroo_fixed_base", "", sharedGraph(testmodels.KangarooFixed)},
}

func builtinGraph(name string) func(t *testing.T) *cmg.Graph {
	return func(t *testing.T) *cmg.Graph { return testfix.Builtin(t, name) }
}

func sharedGraph(rel string) func(t *testing.T) *cmg.Graph {
	return func(t *testing.T) *cmg.Graph {
		g, _, err := mjcf.ImportFile(testmodels.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
}

// assembleOrFail assembles m from the named seed and returns q and the mobility there.
func assembleOrFail(t *testing.T, m *compile.Model, seed string) ([]float64, int) {
	t.Helper()
	s := testfix.At(t, m, testfix.Assemble(t, m, seed, nil), nil)
	return s.Q, s.P.Mobility
}

// TestExportRoundTrip: Import(Export(model)) has the same bodies, the same tree joints
// (ids and kinds), the same mobility and the same M_T and h_T at 20 random states
// (relative difference <= 1e-12). Closures change representation as documented: a
// revolute closure becomes two connects, so the re-import has one more cycle and one
// more row per revolute closure than the eliminated form of the original.
func TestExportRoundTrip(t *testing.T) {
	for _, c := range roundTripModels {
		t.Run(c.name, func(t *testing.T) {
			g := c.graph(t)
			m := testfix.Compile(t, g, compile.Options{})
			q, mobility := assembleOrFail(t, m, c.seed)
			var buf bytes.Buffer
			if err := mjcf.Export(m, q, &buf, mjcf.ExportOptions{}); err != nil {
				t.Fatal(err)
			}
			g2, warnings, err := mjcf.Import(buf.Bytes(), "", "export.xml")
			if err != nil {
				t.Fatalf("re-import: %v\n%s", err, buf.String())
			}
			if len(warnings) > 0 {
				t.Errorf("re-import warnings: %q", warnings)
			}
			m2 := testfix.Compile(t, g2, compile.Options{})
			_, mobility2 := assembleOrFail(t, m2, "assembled")

			if len(m2.Bodies) != len(m.Bodies) {
				t.Errorf("bodies: %d, re-imported %d", len(m.Bodies), len(m2.Bodies))
			}
			revolute := 0
			for _, cmp := range m.Comparisons {
				if cmp.Kind == compile.RowsRevolute || (cmp.Source == "joint" && m.Joints[m.JointIndex(cmp.ID)].Model.Kind == joint.Revolute) {
					revolute++
				}
			}
			elim := testfix.Compile(t, g, compile.Options{Eliminate: true})
			if m2.CycleRank != m.CycleRank+revolute || m2.Rows != elim.Rows+revolute {
				t.Errorf("cycle rank %d, rows %d (eliminated form); re-imported %d, %d; want +%d revolute closures each",
					m.CycleRank, elim.Rows, m2.CycleRank, m2.Rows, revolute)
			}
			if mobility2 != mobility {
				t.Errorf("mobility %d, re-imported %d", mobility, mobility2)
			}
			for _, e := range m.Edges {
				j := &m.Joints[e.Joint]
				id := j.ID
				if j.Model.Kind == joint.Fixed {
					id = m.Node(e.Child) + "__fixed"
				}
				k := m2.JointIndex(id)
				if k < 0 || !m2.Joints[k].Tree || m2.Joints[k].Model.Kind != j.Model.Kind {
					t.Errorf("tree joint %q (%s) not re-imported as a %s tree joint %q", j.ID, j.Model.Kind, j.Model.Kind, id)
				}
			}
			if t.Failed() {
				return
			}
			dM, dh := roundTripDynamics(t, m, m2, q, 20)
			t.Logf("%s: bodies %d, mobility %d, M_T rel. diff %.2g, h_T %.2g", c.name, len(m.Bodies), mobility, dM, dh)
			if dM > 1e-12 || dh > 1e-12 {
				t.Errorf("M_T relative difference %.3g, h_T %.3g exceed 1e-12", dM, dh)
			}
		})
	}
}

// roundTripDynamics compares M_T and h_T of m and of its re-import m2 at n random
// states. The re-import's coordinates are MuJoCo's qpos (Layout.QPos) and, for
// velocities, Layout.QVel except that a re-imported free joint takes the body twist
// [ω; Rᵀ·ṗ] rather than MuJoCo's [ṗ; ω]. With v2 = T·v, M_T = Tᵀ·M2·T and
// h_T = Tᵀ·h2 (T is constant along the motion for these joints).
func roundTripDynamics(t *testing.T, m, m2 *compile.Model, qa []float64, n int) (dM, dh float64) {
	l, err := mjcf.NewLayout(m, qa)
	if err != nil {
		t.Fatal(err)
	}
	// where[k] is the re-imported joint at MuJoCo layout entry k.
	where := make([]*compile.Joint, len(l.Joints))
	for k, jl := range l.Joints {
		where[k] = &m2.Joints[m2.JointIndex(m.Joints[jl.Joint].ID)]
	}
	qpos, qvel := make([]float64, l.NQ), make([]float64, l.NV)
	toImported := func(q, v, q2, v2 []float64) {
		if err := l.QPos(q, qpos); err != nil {
			t.Fatal(err)
		}
		if err := l.QVel(q, v, qvel); err != nil {
			t.Fatal(err)
		}
		for k, jl := range l.Joints {
			j2 := where[k]
			copy(q2[j2.Q0:j2.Q0+j2.NQ], qpos[jl.QPos:jl.QPos+j2.NQ])
			copy(v2[j2.V0:j2.V0+j2.NV], qvel[jl.Dof:jl.Dof+j2.NV])
			if j2.Model.Kind == joint.Free {
				R := spatial.Quat(qpos[jl.QPos+3 : jl.QPos+7]).Mat3()
				lin := R.T().MulVec(spatial.Vec3(qvel[jl.Dof : jl.Dof+3]))
				copy(v2[j2.V0:], qvel[jl.Dof+3:jl.Dof+6])
				copy(v2[j2.V0+3:], lin[:])
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	d, d2 := dyn.NewData(m), dyn.NewData(m2)
	nv := m.NVT
	M, h, M2, h2 := make([]float64, nv*nv), make([]float64, nv), make([]float64, nv*nv), make([]float64, nv)
	q2, v2 := m2.Neutral(), make([]float64, m2.NV)
	T := make([][]float64, nv) // columns T·e_k in the re-import's tree velocities
	for s := 0; s < n; s++ {
		q := m.Random(rng)
		v := make([]float64, m.NV)
		for k := 0; k < nv; k++ {
			clear(v)
			v[k] = 1
			toImported(q, v, q2, v2)
			T[k] = append([]float64(nil), v2[:nv]...)
		}
		for i := range v {
			v[i] = rng.NormFloat64()
		}
		toImported(q, v, q2, v2)
		d.CRBA(q, M)
		d.Bias(q, v, nil, h)
		d2.CRBA(q2, M2)
		d2.Bias(q2, v2, nil, h2)
		Mmap, hmap := make([]float64, nv*nv), make([]float64, nv)
		for i := 0; i < nv; i++ {
			for k := 0; k < nv; k++ {
				for a := 0; a < nv; a++ {
					for b := 0; b < nv; b++ {
						Mmap[i*nv+k] += T[i][a] * M2[a*nv+b] * T[k][b]
					}
				}
			}
			for a := 0; a < nv; a++ {
				hmap[i] += T[i][a] * h2[a]
			}
		}
		dM, dh = math.Max(dM, testutil.RelDiff(M, Mmap)), math.Max(dh, testutil.RelDiff(h, hmap))
	}
	return dM, dh
}

// TestExportErrors: what MJCF 2.2.2 cannot hold is an error naming the record and field.
func TestExportErrors(t *testing.T) {
	base := func() *cmg.Graph {
		return &cmg.Graph{Schema: cmg.SchemaVersion, Name: "e",
			Bodies: []cmg.Body{{ID: "a", Mass: 1, Inertia: [6]float64{1, 1, 1}}, {ID: "b", Mass: 1, Inertia: [6]float64{1, 1, 1}}},
			Joints: []cmg.Joint{
				{ID: "ja", Type: "revolute", BodyA: "world", BodyB: "a", Axis: &[3]float64{0, 0, 1}},
				{ID: "jb", Type: "revolute", BodyA: "a", BodyB: "b", Axis: &[3]float64{0, 0, 1}},
			}}
	}
	cases := []struct {
		name, record, field string
		edit                func(g *cmg.Graph)
	}{
		{"helical", `joint "jb"`, "type", func(g *cmg.Graph) { g.Joints[1].Type, g.Joints[1].Pitch = "helical", 0.01 }},
		{"massless moving body", `body "b"`, "mass", func(g *cmg.Graph) { g.Bodies[1].Mass, g.Bodies[1].Inertia = 0, [6]float64{} }},
		{"reversed universal", `joint "jb"`, "body_a", func(g *cmg.Graph) {
			g.Joints[1] = cmg.Joint{ID: "jb", Type: "universal", BodyA: "b", BodyB: "a", Axis: &[3]float64{1, 0, 0}, Axis2: &[3]float64{0, 1, 0}}
		}},
		{"body named world", `body "world"`, "id", func(g *cmg.Graph) {
			g.Ground = "base"
			g.Bodies[1].ID, g.Joints[0].BodyA, g.Joints[1].BodyB = "world", "base", "world"
		}},
		{"universal loop cut", `loop_cut "lc"`, "type", func(g *cmg.Graph) {
			g.LoopCuts = []cmg.LoopCut{{ID: "lc", Type: "universal", BodyA: "world", BodyB: "b", Axis: &[3]float64{1, 0, 0}, Axis2: &[3]float64{0, 1, 0}}}
		}},
		{"actuated cut joint", `actuator "m"`, "joint", func(g *cmg.Graph) {
			g.Joints = append(g.Joints, cmg.Joint{ID: "jc", Type: "revolute", BodyA: "world", BodyB: "b", Axis: &[3]float64{0, 0, 1}})
			g.Hints = &cmg.Hints{CutJoints: []string{"jc"}}
			g.Actuators = []cmg.Actuator{{ID: "m", Type: "joint", Joint: "jc"}}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := base()
			c.edit(g)
			m := testfix.Compile(t, g, compile.Options{})
			err := mjcf.Export(m, m.Neutral(), &bytes.Buffer{}, mjcf.ExportOptions{})
			var fe *cmg.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("want a *cmg.FieldError, got %v", err)
			}
			if fe.Record != c.record || fe.Field != c.field || !strings.Contains(fe.Message, "MJCF export") {
				t.Errorf("error %q: want record %s, field %s", err, c.record, c.field)
			}
		})
	}
	m := testfix.Compile(t, base(), compile.Options{})
	if err := mjcf.Export(m, make([]float64, m.NQ+1), &bytes.Buffer{}, mjcf.ExportOptions{}); err == nil {
		t.Error("a configuration of the wrong length was accepted")
	}
}

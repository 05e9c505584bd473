package compile_test

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// builtin returns a fresh copy of the named built-in model.
func builtin(t testing.TB, name string) *cmg.Graph {
	t.Helper()
	g, err := robots.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// mustCompile compiles g or fails the test.
func mustCompile(t testing.TB, g *cmg.Graph, opts compile.Options) *compile.Model {
	t.Helper()
	m, err := compile.Compile(g, opts)
	if err != nil {
		t.Fatalf("%s: compile: %v", g.Name, err)
	}
	return m
}

// rootPath returns the tree edges from the ground down to node n.
func rootPath(m *compile.Model, n int) []int {
	var p []int
	for n != compile.Ground {
		p = append(p, m.Bodies[n-1].Edge)
		n = m.Bodies[n-1].Parent
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// worldPose returns the pose of node n in the ground frame at q: the product of the
// tree edge transforms X_parent←child from the ground down to n.
func worldPose(m *compile.Model, q []float64, n int) spatial.Transform {
	t := spatial.Identity()
	for _, e := range rootPath(m, n) {
		t = t.Mul(m.EdgeTransform(e, q))
	}
	return t
}

// poseDiff is the largest entry-wise difference between two transforms.
func poseDiff(a, b spatial.Transform) float64 {
	d := 0.0
	for i := range 3 {
		d = math.Max(d, math.Abs(a.P[i]-b.P[i]))
		for k := range 3 {
			d = math.Max(d, math.Abs(a.R[i][k]-b.R[i][k]))
		}
	}
	return d
}

// idHash is a stable 64-bit hash of a record id.
func idHash(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// perturbByID returns q with every joint moved by a random velocity step of at most
// scale (per coordinate) drawn from a generator seeded by (seed, joint id): the same
// physical perturbation whatever the coordinate layout of the compiled model. skip
// lists joints left unchanged.
func perturbByID(m *compile.Model, q []float64, scale float64, seed uint64, skip map[string]bool) []float64 {
	out := append([]float64(nil), q...)
	for i := range m.Joints {
		j := &m.Joints[i]
		if j.NQ == 0 || skip[j.ID] {
			continue
		}
		rng := rand.New(rand.NewPCG(seed, idHash(j.ID)))
		dv := make([]float64, j.NV)
		for k := range dv {
			dv[k] = scale * (2*rng.Float64() - 1)
		}
		j.Model.Integrate(q[j.Q0:j.Q0+j.NQ], dv, 1, out[j.Q0:j.Q0+j.NQ])
	}
	return out
}

// assembled is a model assembled from a seed, with its closure Jacobian, partition and
// lift at the assembled configuration.
type assembled struct {
	m    *compile.Model
	a    *closure.Assembly
	d    *closure.Data
	p    *closure.Partition
	lift *closure.Lift
}

// assemble assembles m from q0 holding hold, then partitions with request (nil:
// automatic) and updates the lift. It fails the test on any error.
func assemble(t testing.TB, m *compile.Model, q0 []float64, hold, request []int) *assembled {
	t.Helper()
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{Hold: hold})
	if err != nil {
		t.Fatalf("%s: assemble: %v", m.Graph.Name, err)
	}
	d := closure.NewData(m)
	d.Jacobian(a.Q)
	s := &assembled{m: m, a: a, d: d}
	if m.Rows == 0 {
		t.Fatalf("%s: no residual rows", m.Graph.Name)
	}
	p, err := closure.ChoosePartition(m, d.C, request, 0)
	if err != nil {
		t.Fatalf("%s: partition: %v", m.Graph.Name, err)
	}
	s.p = p
	l := closure.NewLift(p, m.NV)
	if err := l.Update(d.C); err != nil {
		t.Fatalf("%s: lift: %v", m.Graph.Name, err)
	}
	s.lift = l
	return s
}

// maxAbsDense is the largest |entry| of a matrix.
func maxAbsDense(a mat.Matrix) float64 {
	r, c := a.Dims()
	best := 0.0
	for i := range r {
		for j := range c {
			best = math.Max(best, math.Abs(a.At(i, j)))
		}
	}
	return best
}

// moduleSizes returns the number of dependent coordinates of each module of m for the
// named partition request.
func moduleSizes(t testing.TB, m *compile.Model, request string) []int {
	t.Helper()
	idx, err := m.PartitionRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	indep := make([]bool, m.NV)
	for _, i := range idx {
		indep[i] = true
	}
	var sizes []int
	for _, mod := range m.Modules(indep) {
		sizes = append(sizes, len(mod.Dependent))
	}
	return sizes
}

// treeJointIDs lists the tree joints in edge order.
func treeJointIDs(m *compile.Model) []string {
	var out []string
	for _, e := range m.Edges {
		out = append(out, m.Joints[e.Joint].ID)
	}
	return out
}

// cutIDs lists the ids of the comparisons in row order.
func cutIDs(m *compile.Model) []string {
	var out []string
	for _, c := range m.Comparisons {
		out = append(out, c.ID)
	}
	return out
}

// structure renders every derived structure of a compiled model as text, one fact per
// line, bit-exact for numbers: joint order and layout, bodies and the forest, edges,
// comparisons (kind, nodes, frames, axes, factors, rows, columns), couplings, blocks and
// the modules for no independent coordinate and for each partition request.
func structure(m *compile.Model) string {
	var b strings.Builder
	f := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	f("sizes nq=%d nv=%d nqt=%d nvt=%d rows=%d mu=%d eliminated=%v gravity=%v",
		m.NQ, m.NV, m.NQT, m.NVT, m.Rows, m.CycleRank, m.Eliminated, m.Gravity)
	for i, bd := range m.Bodies {
		f("body %d %s parent=%d depth=%d edge=%d inertia=%v", i+1, bd.ID, bd.Parent, bd.Depth, bd.Edge, bd.Inertia)
	}
	for i, j := range m.Joints {
		f("joint %d %s kind=%v axis=%v axis2=%v pitch=%v nodes=%d,%d q0=%d v0=%d nq=%d nv=%d tree=%v eliminated=%v A=%v B=%v",
			i, j.ID, j.Model.Kind, j.Model.Axis, j.Model.Axis2, j.Model.Pitch, j.NodeA, j.NodeB, j.Q0, j.V0, j.NQ, j.NV, j.Tree, j.Eliminated, j.A, j.B)
	}
	for i, e := range m.Edges {
		f("edge %d joint=%s parent=%d child=%d reversed=%v", i, m.Joints[e.Joint].ID, e.Parent, e.Child, e.Reversed)
	}
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		factors, _ := m.Path(c.NodeA, c.NodeB)
		f("comparison %s source=%s kind=%v rows=%d joint=%d nodes=%d,%d lca=%d row=%d columns=%v factors=%v A=%v B=%v axis=%v axis2=%v perp=%v",
			c.ID, c.Source, c.Kind, c.Rows(), c.Joint, c.NodeA, c.NodeB, c.LCA, c.Row, m.AppendColumns(nil, c), factors, c.FrameA, c.FrameB, c.Axis, c.Axis2, c.Perp)
	}
	for _, c := range m.Couplings {
		f("coupling %s master=%d slave=%d mult=%v off=%v row=%d", c.ID, c.Master, c.Slave, c.Multiplier, c.Offset, c.Row)
	}
	for b, bl := range m.Blocks() {
		f("block %s row=%d rows=%d columns=%v", bl.ID, bl.Row, bl.Rows, m.AppendBlockColumns(nil, b))
	}
	modules := func(label string, indep []bool) {
		for k, mod := range m.Modules(indep) {
			f("module %s %d blocks=%v cuts=%v dependent=%v inputs=%v", label, k, mod.Blocks, mod.Cuts, mod.Dependent, mod.Inputs)
		}
	}
	modules("(none)", make([]bool, m.NV))
	names := make([]string, 0, len(m.Graph.PartitionRequests))
	for k := range m.Graph.PartitionRequests {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		idx, err := m.PartitionRequest(name)
		if err != nil {
			f("request %s error %v", name, err)
			continue
		}
		f("request %s independent=%v", name, idx)
		indep := make([]bool, m.NV)
		for _, i := range idx {
			indep[i] = true
		}
		modules(name, indep)
	}
	f("coordinates %v", m.CoordinateNames())
	return b.String()
}

// firstDiff returns the first differing line of two texts, for failure messages.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, x, y)
		}
	}
	return "(no difference)"
}

// frameOf writes a transform as a CMG frame (row-major rotation).
func frameOf(t spatial.Transform) cmg.Frame {
	r := t.R
	rot := [9]float64{r[0][0], r[0][1], r[0][2], r[1][0], r[1][1], r[1][2], r[2][0], r[2][1], r[2][2]}
	return cmg.Frame{Pos: [3]float64(t.P), Rot: &rot}
}

// at is a frame at a position with identity orientation.
func at(x, y, z float64) cmg.Frame { return cmg.Frame{Pos: [3]float64{x, y, z}} }

// vec is a pointer to a 3-vector for optional CMG fields.
func vec(x, y, z float64) *[3]float64 { return &[3]float64{x, y, z} }

// bar is a slender body of the given mass along x with a physical inertia.
func bar(id string, mass, length float64) cmg.Body {
	i := mass * length * length / 12
	return cmg.Body{ID: id, Mass: mass, COM: [3]float64{length / 2, 0, 0}, Inertia: [6]float64{mass * 1e-4, i, i, 0, 0, 0}}
}

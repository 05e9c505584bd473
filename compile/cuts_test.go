package compile_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// chainLinks is the number of links (and revolute joints) of the open chain that a cut
// joint closes back to the ground: with 7 revolute joints the loop keeps nv(cut) + 1
// degrees of freedom, even for a weld.
const chainLinks = 7

// cutCase is one joint type as the loop-closing cut, with its row counts.
type cutCase struct {
	typ string
	// se3 and elim are the row kinds of the cut in SE(3) form and eliminated form.
	se3, elim compile.RowKind
	// retained reports whether the eliminated form still keeps the cut coordinates.
	retained bool
}

var cutCases = []cutCase{
	{"revolute", compile.RowsSE3, compile.RowsRevolute, false},
	{"prismatic", compile.RowsSE3, compile.RowsPrismatic, false},
	{"universal", compile.RowsSE3, compile.RowsUniversal, false},
	{"spherical", compile.RowsSE3, compile.RowsPoint, false},
	{"fixed", compile.RowsWeld, compile.RowsWeld, false},
	{"planar", compile.RowsSE3, compile.RowsPlanar, false},
	{"helical", compile.RowsSE3, compile.RowsSE3, true},
	{"free", compile.RowsSE3, compile.RowsSE3, true},
}

// cutLoop builds a spatial loop: a chain ground –j1– link1 –j2– … –j7– link7 of
// revolute joints with random (generic) attachment frames, closed back to the ground by
// the joint "cut" of type typ. The cut is forced by hints: cut_joints for moving joints;
// for a weld (which cut_joints may not name) the chain joints are hinted into the tree.
// groundA puts the ground on the cut's A side. The cut's ground frame is placed so that
// the loop is closed at a random chain configuration and a random cut coordinate, which
// become the default seed.
func cutLoop(t *testing.T, typ string, groundA bool, seed uint64) *cmg.Graph {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, idHash(typ)))
	rnd := func(s float64) float64 { return s * (2*rng.Float64() - 1) }
	randFrame := func(reach float64) cmg.Frame {
		w := spatial.Vec3{rnd(1), rnd(1), rnd(1)}
		tr := spatial.Transform{R: spatial.ExpSO3(w.Scale(math.Pi / 2)), P: spatial.Vec3{reach, rnd(0.1), rnd(0.1)}}
		return frameOf(tr)
	}
	link := func(i int) string { return fmt.Sprintf("link%d", i) }
	g := &cmg.Graph{Schema: cmg.SchemaVersion, Name: "loop-" + typ, Seeds: map[string]map[string]cmg.Values{"default": {}},
		Scales: &cmg.Scales{LengthM: 0.2, AngleRad: 1}}
	var chain []string
	for i := 1; i <= chainLinks; i++ {
		g.Bodies = append(g.Bodies, bar(link(i), 1, 0.25))
		parent, fa := link(i-1), randFrame(0.25)
		if i == 1 {
			parent, fa = cmg.DefaultGround, randFrame(0)
		}
		id := fmt.Sprintf("j%d", i)
		chain = append(chain, id)
		g.Joints = append(g.Joints, cmg.Joint{ID: id, Type: "revolute", BodyA: parent, BodyB: link(i), FrameA: fa, FrameB: at(0, 0, 0), Axis: vec(0, 0, 1)})
		g.Seeds["default"][id] = cmg.Values{rnd(1)}
	}
	cut := cmg.Joint{ID: "cut", Type: typ, FrameA: randFrame(0.25)}
	switch typ {
	case "revolute", "prismatic", "helical":
		cut.Axis = vec(0, 0, 1)
	case "universal":
		cut.Axis, cut.Axis2 = vec(1, 0, 0), vec(0, 1, 0)
	case "planar":
		cut.Axis = vec(0, 0, 1)
	}
	if typ == "helical" {
		cut.Pitch = 0.05
	}
	cut.BodyA, cut.BodyB = link(chainLinks), cmg.DefaultGround
	if groundA {
		cut.BodyA, cut.BodyB = cmg.DefaultGround, link(chainLinks)
	}
	g.Joints = append(g.Joints, cut)
	if typ == "fixed" {
		g.Hints = &cmg.Hints{TreeJoints: chain}
	} else {
		g.Hints = &cmg.Hints{CutJoints: []string{"cut"}}
	}
	// The chain's tip pose at the seed, from a compile of the chain with the cut's
	// ground frame still at the identity.
	m := mustCompile(t, g, compile.Options{})
	q, err := m.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	ci := m.JointIndex("cut")
	cj := &m.Joints[ci]
	cj.Model.Random(rng, q[cj.Q0:cj.Q0+cj.NQ])
	if cj.NQ > 0 {
		g.Seeds["default"]["cut"] = append(cmg.Values(nil), q[cj.Q0:cj.Q0+cj.NQ]...)
	}
	qc := cj.Model.Transform(q[cj.Q0 : cj.Q0+cj.NQ])
	tip := worldPose(m, q, m.BodyNode(link(chainLinks))) // ^world T_link7
	// X = A·Q·B⁻¹ maps B-side coordinates into A-side ones.
	own := g.Joints[len(g.Joints)-1].FrameA.Transform() // the frame on the cut's first body
	if groundA {
		// ^world T_link7 = A·Q·B⁻¹ with A on the ground and B in link 7: A = T·B·Q⁻¹.
		b := own
		g.Joints[len(g.Joints)-1].FrameA = frameOf(tip.Mul(b).Mul(qc.Inv()))
		g.Joints[len(g.Joints)-1].FrameB = frameOf(b)
	} else {
		// ^link7 T_world = A·Q·B⁻¹ with A in link 7 and B on the ground: B = T·A·Q.
		g.Joints[len(g.Joints)-1].FrameB = frameOf(tip.Mul(own).Mul(qc))
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// nullBasis returns an orthonormal basis of the null space of a (rows × n), cut at
// 1e-9 relative to the largest singular value.
func nullBasis(a *mat.Dense) *mat.Dense {
	_, n := a.Dims()
	var svd mat.SVD
	if !svd.Factorize(a, mat.SVDFull) {
		panic("svd failed")
	}
	s := svd.Values(nil)
	rank := 0
	for _, v := range s {
		if v > 1e-9*s[0] {
			rank++
		}
	}
	var v mat.Dense
	svd.VTo(&v)
	return mat.DenseCopyOf(v.Slice(0, n, rank, n))
}

// spanGap returns the largest distance of a column of b from the column span of a
// (a has orthonormal columns or any full column rank), relative to the column's norm.
func spanGap(a, b mat.Matrix) float64 {
	var qr mat.QR
	qr.Factorize(mat.DenseCopyOf(a))
	var x, fit mat.Dense
	if err := qr.SolveTo(&x, false, b); err != nil {
		return math.Inf(1)
	}
	fit.Mul(a, &x)
	r, c := b.Dims()
	worst := 0.0
	for j := range c {
		var num, den float64
		for i := range r {
			d := b.At(i, j) - fit.At(i, j)
			num += d * d
			den += b.At(i, j) * b.At(i, j)
		}
		worst = math.Max(worst, math.Sqrt(num/math.Max(den, 1e-300)))
	}
	return worst
}

// minSingular returns the smallest singular value of a relative to its largest.
func minSingular(a mat.Matrix) float64 {
	var svd mat.SVD
	svd.Factorize(a, mat.SVDNone)
	s := svd.Values(nil)
	return s[len(s)-1] / s[0]
}

// TestCutJointRows: every joint type can be the loop-closing cut; in SE(3) form it
// keeps its coordinates (6 rows, a weld 6 rows without coordinates), in eliminated form
// it gives point 3, universal 4, revolute 5, prismatic 5, planar 3 and weld 6 rows on
// the tree coordinates, while helical and free cuts keep the SE(3) form.
func TestCutJointRows(t *testing.T) {
	for _, tc := range cutCases {
		t.Run(tc.typ, func(t *testing.T) {
			g := cutLoop(t, tc.typ, false, 1)
			for _, elim := range []bool{false, true} {
				m := mustCompile(t, g, compile.Options{Eliminate: elim})
				kind := tc.se3
				if elim {
					kind = tc.elim
				}
				if m.CycleRank != 1 || len(m.Comparisons) != 1 {
					t.Fatalf("eliminate %v: mu = %d, %d comparisons; want 1, 1", elim, m.CycleRank, len(m.Comparisons))
				}
				c := m.Comparisons[0]
				ji := m.JointIndex("cut")
				if c.ID != "cut" || c.Source != "joint" || m.Joints[ji].Tree {
					t.Fatalf("eliminate %v: cut %s (source %s), joint cut in tree %v", elim, c.ID, c.Source, m.Joints[ji].Tree)
				}
				want := map[compile.RowKind]int{compile.RowsSE3: 6, compile.RowsWeld: 6, compile.RowsPoint: 3,
					compile.RowsUniversal: 4, compile.RowsRevolute: 5, compile.RowsPrismatic: 5, compile.RowsPlanar: 3}[kind]
				if c.Kind != kind || c.Rows() != want || m.Rows != want {
					t.Errorf("eliminate %v: kind %v with %d rows (model %d), want %v with %d", elim, c.Kind, c.Rows(), m.Rows, kind, want)
				}
				keeps := kind == compile.RowsSE3
				if keeps != (c.Joint == ji) || (!keeps && c.Joint != -1) {
					t.Errorf("eliminate %v: comparison joint %d, want %d when the coordinates are kept, else -1", elim, c.Joint, ji)
				}
				// Columns: the chain's tree coordinates, plus the cut's when kept.
				wantCols := m.NVT
				if keeps {
					wantCols += m.Joints[ji].NV
				}
				if cols := m.AppendColumns(nil, &c); len(cols) != wantCols {
					t.Errorf("eliminate %v: columns %v, want %d", elim, cols, wantCols)
				}
				if path, _ := m.Path(c.NodeA, c.NodeB); m.NVT != chainLinks || len(path) != chainLinks {
					t.Errorf("eliminate %v: NVT %d, path of %d factors; want %d and %d", elim, m.NVT, len(path), chainLinks, chainLinks)
				}
			}
		})
	}
}

// TestCutJointForms: the SE(3) and eliminated forms of each cut describe the same
// admissible relative motion. From a perturbed seed, the SE(3) form is assembled; its
// tree configuration closes the eliminated rows too, and its tree lift E_T spans the
// null space of the eliminated Jacobian on the coordinates it constrains (C_elim·E_T = 0,
// equal dimension). Conversely, the eliminated form assembled from the same seed gives
// a tree configuration at which the SE(3) form closes by moving the cut coordinates
// alone. Both orientations of the cut (ground on either side) are checked.
func TestCutJointForms(t *testing.T) {
	for _, tc := range cutCases {
		for _, groundA := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/groundA=%v", tc.typ, groundA), func(t *testing.T) {
				checkCutForms(t, tc, cutLoop(t, tc.typ, groundA, 2))
			})
		}
	}
}

func checkCutForms(t *testing.T, tc cutCase, g *cmg.Graph) {
	ms := mustCompile(t, g, compile.Options{})
	me := mustCompile(t, g, compile.Options{Eliminate: true})
	if treeJointIDs(ms)[chainLinks-1] != treeJointIDs(me)[chainLinks-1] || ms.NVT != me.NVT || ms.NQT != me.NQT {
		t.Fatal("the two forms have different forests")
	}
	seed, err := ms.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	d0 := closure.NewData(ms)
	d0.Residual(seed)
	if r := maxAbsSlice(d0.Rho); r > 1e-12 {
		t.Fatalf("the constructed seed is not closed: residual %.3g", r)
	}
	q0 := perturbByID(ms, seed, 0.05, 3, nil)
	d0.Residual(q0)
	r0 := maxAbsSlice(d0.Rho)
	if r0 < 1e-3 {
		t.Fatalf("the perturbed seed is too close to closure (%.3g)", r0)
	}
	s := assemble(t, ms, q0, nil, nil)
	nvc := ms.Joints[ms.JointIndex("cut")].NV
	if want := 1 + nvc; s.p.Mobility != want {
		t.Errorf("SE(3) form: mobility %d, want %d", s.p.Mobility, want)
	}

	// The eliminated rows hold at the SE(3) form's assembled configuration.
	de := closure.NewData(me)
	de.Jacobian(s.a.Q[:me.NQ])
	if r := maxAbsSlice(de.Rho); r > 1e-12 {
		t.Errorf("eliminated residual %.3g at the SE(3)-assembled configuration", r)
	}
	// The eliminated form's coordinates: the tree's, plus the cut's when kept; they
	// lead the SE(3) form's.
	ncols := me.NV
	ce := mat.DenseCopyOf(de.C)
	et := mat.DenseCopyOf(s.lift.E.Slice(0, ncols, 0, s.p.Mobility))
	var prod mat.Dense
	prod.Mul(ce, et)
	if e, bound := maxAbsDense(&prod), 1e-10*max(1, maxAbsDense(ce)*maxAbsDense(et)); e > bound {
		t.Errorf("|C_elim·E_T|max = %.3g > %.3g", e, bound)
	}
	if r := minSingular(et); r < 1e-8 {
		t.Errorf("the SE(3) tree lift E_T is rank deficient (σmin/σmax = %.3g)", r)
	}
	z := nullBasis(ce)
	t.Logf("seed residual %.3g; mobility %d; |C_elim·E_T| %.3g; span gap %.3g", r0, s.p.Mobility, maxAbsDense(&prod), spanGap(et, z))
	if _, nz := z.Dims(); nz != s.p.Mobility {
		t.Errorf("eliminated form: %d admissible directions on its coordinates, SE(3) form mobility %d", nz, s.p.Mobility)
	} else if gap := spanGap(et, z); gap > 1e-9 {
		t.Errorf("the eliminated admissible directions leave the span of E_T by %.3g", gap)
	}

	// Conversely: assemble the eliminated form, then close the SE(3) form holding the
	// tree coordinates (only the cut's own coordinates may move).
	ae, err := closure.Assemble(me, q0[:me.NQ], closure.AssembleOptions{})
	if err != nil {
		t.Fatalf("eliminated form: %v", err)
	}
	q1 := append([]float64(nil), q0...)
	copy(q1, ae.Q[:me.NQT])
	if tc.retained {
		copy(q1, ae.Q)
	}
	hold := make([]int, ms.NVT)
	for i := range hold {
		hold[i] = i
	}
	if tc.retained {
		// Nothing is left to move: the SE(3) residual must already vanish.
		d0.Residual(q1)
		if r := maxAbsSlice(d0.Rho); r > 1e-12 {
			t.Errorf("SE(3) residual %.3g at the eliminated form's assembled configuration", r)
		}
		return
	}
	a1, err := closure.Assemble(ms, q1, closure.AssembleOptions{Hold: hold})
	if err != nil {
		t.Fatalf("the SE(3) form does not close at the eliminated form's tree configuration: %v", err)
	}
	for i := range ms.NQT {
		if a1.Q[i] != q1[i] {
			t.Fatalf("held tree coordinate %d moved", i)
		}
	}
}

// maxAbsSlice is the largest |x_i|.
func maxAbsSlice(x []float64) float64 {
	best := 0.0
	for _, v := range x {
		best = math.Max(best, math.Abs(v))
	}
	return best
}

// TestEliminatedLayout: in eliminated form, a cut joint whose coordinates the rows no
// longer retain must not keep them in q and v (otherwise they are unconstrained, and
// every consumer of the lift sees spurious degrees of freedom): NV = NVT + the NV of
// the retained (helical, free) cuts, and the mobility equals the SE(3) form's.
func TestEliminatedLayout(t *testing.T) {
	for _, tc := range cutCases {
		t.Run(tc.typ, func(t *testing.T) {
			g := cutLoop(t, tc.typ, false, 4)
			ms := mustCompile(t, g, compile.Options{})
			me := mustCompile(t, g, compile.Options{Eliminate: true})
			want := me.NVT
			if tc.retained {
				want += me.Joints[me.JointIndex("cut")].NV
			}
			if me.NV != want {
				t.Errorf("eliminated form: NV = %d, want %d (NVT %d)", me.NV, want, me.NVT)
			}
			q0, err := ms.Seed("")
			if err != nil {
				t.Fatal(err)
			}
			s := assemble(t, ms, q0, nil, nil)
			qe, err := me.Seed("")
			if err != nil {
				t.Fatal(err)
			}
			e := assemble(t, me, qe, nil, nil)
			if e.p.Mobility != s.p.Mobility {
				t.Errorf("mobility %d eliminated, %d in SE(3) form", e.p.Mobility, s.p.Mobility)
			}
		})
	}
	t.Run("stewart", func(t *testing.T) {
		g := builtin(t, "stewart")
		for _, elim := range []bool{false, true} {
			m := mustCompile(t, g, compile.Options{Eliminate: elim})
			q0, err := m.Seed("")
			if err != nil {
				t.Fatal(err)
			}
			if s := assemble(t, m, q0, nil, nil); s.p.Mobility != 6 {
				t.Errorf("eliminate %v: mobility %d, want 6", elim, s.p.Mobility)
			}
		}
	})
}

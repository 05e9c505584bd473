package dyn

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// build validates and compiles g.
func build(t testing.TB, g *cmg.Graph) *compile.Model {
	t.Helper()
	g.Schema = cmg.SchemaVersion
	if err := g.Validate(); err != nil {
		t.Fatalf("invalid test graph: %v", err)
	}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return m
}

func vec3p(x, y, z float64) *[3]float64 { return &[3]float64{x, y, z} }

// inertiaRecord returns [Ixx, Iyy, Izz, Ixy, Ixz, Iyz] of the matrix I.
func inertiaRecord(I spatial.Mat3) [6]float64 {
	return [6]float64{I[0][0], I[1][1], I[2][2], I[0][1], I[0][2], I[1][2]}
}

// pendulumGraph is a body "link" on a revolute joint about y, mass m, centre of mass com,
// rotational inertia Icom about the centre of mass; the joint frame sits at anchor in the
// world and at the body origin.
func pendulumGraph(m float64, com [3]float64, Icom spatial.Mat3, anchor [3]float64, armature, damping float64) *cmg.Graph {
	return &cmg.Graph{
		Bodies: []cmg.Body{{ID: "link", Mass: m, COM: com, Inertia: inertiaRecord(Icom)}},
		Joints: []cmg.Joint{{ID: "hinge", Type: "revolute", BodyA: "world", BodyB: "link",
			FrameA: cmg.Frame{Pos: anchor}, Axis: vec3p(0, 1, 0), Armature: armature, Damping: damping}},
	}
}

// doublePendulumGraph: link1 on hinge1 about y at the world origin, link2 on hinge2 about y
// at (0,0,-L1) in link1; centres of mass at (0,0,-lc1) and (0,0,-lc2), Iyy about the
// centres I1, I2.
func doublePendulumGraph(m1, m2, L1, lc1, lc2, I1, I2 float64) *cmg.Graph {
	d := func(iyy float64) [6]float64 { return [6]float64{iyy, iyy, iyy, 0, 0, 0} }
	return &cmg.Graph{
		Bodies: []cmg.Body{
			{ID: "link1", Mass: m1, COM: [3]float64{0, 0, -lc1}, Inertia: d(I1)},
			{ID: "link2", Mass: m2, COM: [3]float64{0, 0, -lc2}, Inertia: d(I2)},
		},
		Joints: []cmg.Joint{
			{ID: "hinge1", Type: "revolute", BodyA: "world", BodyB: "link1", Axis: vec3p(0, 1, 0)},
			{ID: "hinge2", Type: "revolute", BodyA: "link1", BodyB: "link2",
				FrameA: cmg.Frame{Pos: [3]float64{0, 0, -L1}}, Axis: vec3p(0, 1, 0)},
		},
	}
}

func randUnit(rng *rand.Rand) spatial.Vec3 {
	for {
		v := spatial.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if n := v.Norm(); n > 1e-3 {
			return v.Scale(1 / n)
		}
	}
}

func randQuat(rng *rand.Rand) *[4]float64 {
	q := spatial.Quat{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
	return &[4]float64{q[0], q[1], q[2], q[3]}
}

func randFrame(rng *rand.Rand) cmg.Frame {
	return cmg.Frame{Pos: [3]float64{0.3 * (2*rng.Float64() - 1), 0.3 * (2*rng.Float64() - 1), 0.3 * (2*rng.Float64() - 1)},
		Quat: randQuat(rng)}
}

// randInertia returns a physical rotational inertia: random principal axes, principal
// moments in [0.02, 0.04] kg·m² (so the triangle inequality holds).
func randInertia(rng *rand.Rand) spatial.Mat3 {
	R := spatial.Quat(*randQuat(rng)).Mat3()
	var D spatial.Mat3
	for i := range 3 {
		D[i][i] = 0.02 + 0.02*rng.Float64()
	}
	return R.Mul(D).Mul(R.T())
}

// chainTypes is the joint sequence of the random test tree: every joint type, a floating
// base first.
var chainTypes = []string{"free", "revolute", "prismatic", "helical", "universal", "spherical",
	"planar", "fixed", "revolute", "universal", "planar", "spherical"}

// reversedAt lists the joints (by index in chainTypes) whose record names the child as
// body_a, so that their tree edge is reversed.
var reversedAt = map[int]bool{2: true, 4: true, 5: true, 6: true, 9: true, 11: true}

// randomTreeGraph builds a tree of len(chainTypes) bodies b00.. with random frames, axes,
// masses and inertias. Body k hangs from a random earlier body (mostly its predecessor).
// With passive=false the joints have no damping (armature is always present).
func randomTreeGraph(seed uint64, passive bool) *cmg.Graph {
	rng := rand.New(rand.NewPCG(seed, 99))
	g := &cmg.Graph{}
	for k, typ := range chainTypes {
		id := fmt.Sprintf("b%02d", k)
		g.Bodies = append(g.Bodies, cmg.Body{ID: id, Mass: 0.5 + 1.5*rng.Float64(),
			COM:     [3]float64{0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64()},
			Inertia: inertiaRecord(randInertia(rng))})
		parent := "world"
		if k > 0 {
			parent = fmt.Sprintf("b%02d", k-1)
			if k > 2 && rng.IntN(4) == 0 {
				parent = fmt.Sprintf("b%02d", rng.IntN(k-1))
			}
		}
		j := cmg.Joint{ID: fmt.Sprintf("j%02d_%s", k, typ), Type: typ, BodyA: parent, BodyB: id,
			FrameA: randFrame(rng), FrameB: randFrame(rng),
			Armature: 0.01 + 0.04*rng.Float64()}
		if passive {
			j.Damping = 0.1 + 0.4*rng.Float64()
		}
		if reversedAt[k] {
			j.BodyA, j.BodyB = j.BodyB, j.BodyA
			j.FrameA, j.FrameB = j.FrameB, j.FrameA
		}
		switch typ {
		case "revolute", "prismatic", "helical", "universal", "planar":
			a := randUnit(rng)
			j.Axis = (*[3]float64)(&a)
			if typ == "helical" {
				j.Pitch = 0.05
			}
			if typ == "universal" {
				a2 := a.Cross(randUnit(rng))
				a2 = a2.Scale(1 / a2.Norm())
				j.Axis2 = (*[3]float64)(&a2)
			}
		}
		if typ == "free" || typ == "fixed" || typ == "spherical" {
			j.Armature = 0 // not meaningful on these joints
			if typ == "free" {
				j.Armature = 0.02
			}
		}
		g.Joints = append(g.Joints, j)
	}
	return g
}

// randomState returns a random configuration and velocity (augmented).
func randomState(m *compile.Model, rng *rand.Rand) (q, v []float64) {
	q = m.Random(rng)
	v = make([]float64, m.NV)
	for i := range v {
		v[i] = rng.NormFloat64()
	}
	return q, v
}

func randVec(rng *rand.Rand, n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	return x
}

// massMatrix returns M_T from CRBA.
func massMatrix(d *Data, q []float64) []float64 {
	n := d.Model().NVT
	M := make([]float64, n*n)
	d.CRBA(q, M)
	return M
}

func matVec(M, x []float64) []float64 {
	n := len(x)
	y := make([]float64, n)
	for i := range n {
		for j := range n {
			y[i] += M[i*n+j] * x[j]
		}
	}
	return y
}

// augmented embeds a tree vector (NVT) into an augmented one (NV).
func augmented(m *compile.Model, xt []float64) []float64 {
	x := make([]float64, m.NV)
	copy(x, xt)
	return x
}

// testModels returns the models that every generic property test runs on.
func testModels(t testing.TB) map[string]*compile.Model {
	Icom := spatial.Mat3{{0.03, 0.001, -0.002}, {0.001, 0.02, 0.003}, {-0.002, 0.003, 0.025}}
	return map[string]*compile.Model{
		"pendulum":        build(t, pendulumGraph(1.3, [3]float64{0.1, 0.02, -0.4}, Icom, [3]float64{0.2, 0, 1}, 0.05, 0.3)),
		"double_pendulum": build(t, doublePendulumGraph(1, 0.7, 0.5, 0.25, 0.3, 0.02, 0.015)),
		"floating":        build(t, floatingGraph()),
		"random_tree":     build(t, randomTreeGraph(1, true)),
		"random_tree_2":   build(t, randomTreeGraph(2, true)),
		"loop":            build(t, loopGraph()),
	}
}

// floatingGraph is one body on a free joint from the world with identity joint frames.
func floatingGraph() *cmg.Graph {
	Icom := spatial.Mat3{{0.05, 0.004, -0.003}, {0.004, 0.07, 0.002}, {-0.003, 0.002, 0.06}}
	return &cmg.Graph{
		Bodies: []cmg.Body{{ID: "base", Mass: 3.2, COM: [3]float64{0.05, -0.03, 0.08}, Inertia: inertiaRecord(Icom)}},
		Joints: []cmg.Joint{{ID: "root", Type: "free", BodyA: "world", BodyB: "base"}},
	}
}

// randomFext returns random body-frame spatial forces on every body (index 0 unused).
func randomFext(m *compile.Model, rng *rand.Rand) []spatial.Vec6 {
	f := make([]spatial.Vec6, len(m.Bodies)+1)
	for i := 1; i < len(f); i++ {
		for k := range 6 {
			f[i][k] = rng.NormFloat64()
		}
	}
	return f
}

// loopGraph is a closed chain: two links hinged to the world and joined to each other by
// a spherical joint, which the compiler cuts; the cut joint carries armature and damping
// that the tree dynamics must ignore.
func loopGraph() *cmg.Graph {
	I := [6]float64{0.02, 0.03, 0.025, 0.001, 0, 0.002}
	return &cmg.Graph{
		Bodies: []cmg.Body{
			{ID: "left", Mass: 1.1, COM: [3]float64{0, 0, 0.3}, Inertia: I},
			{ID: "right", Mass: 0.9, COM: [3]float64{0.05, 0, 0.25}, Inertia: I},
		},
		Joints: []cmg.Joint{
			{ID: "hinge_l", Type: "revolute", BodyA: "world", BodyB: "left", Axis: vec3p(0, 1, 0), Damping: 0.2, Armature: 0.01},
			{ID: "hinge_r", Type: "revolute", BodyA: "world", BodyB: "right", FrameA: cmg.Frame{Pos: [3]float64{0.5, 0, 0}},
				Axis: vec3p(0, 1, 0), Damping: 0.1},
			{ID: "tip", Type: "spherical", BodyA: "left", BodyB: "right", FrameA: cmg.Frame{Pos: [3]float64{0.1, 0, 0.6}},
				FrameB: cmg.Frame{Pos: [3]float64{-0.4, 0, 0.6}}, Armature: 5, Damping: 7},
		},
	}
}

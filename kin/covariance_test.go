package kin_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/dyn"
	"gonum.org/v1/gonum/mat"
)

// physics is what a representation predicts at one state: independent speeds, the full
// velocity, reduced inertia, actuator velocities and power, and the constrained motion.
type physics struct {
	u, v, udot, a []float64
	Mr            []float64
	ldot          []float64
	power         float64
}

// evaluate runs the interfaces and the reduced forward dynamics at (q, u) under efforts f.
func evaluate(t *testing.T, fx *fixture, u, f []float64) physics {
	t.Helper()
	kd, m := fx.kd, fx.m
	if err := fx.update(fx.q, u); err != nil {
		t.Fatal(err)
	}
	d := kd.Mobility()
	red := dyn.NewReduced(m.NVT, d)
	kd.Dyn.ReducedDynamics(red, fx.q, kd.V, kd.Lift.E, kd.Curv, nil)
	tauR, udot := make([]float64, d), make([]float64, d)
	kd.ReducedEffort(f, tauR)
	if err := red.Forward(tauR, udot); err != nil {
		t.Fatal(err)
	}
	a := make([]float64, m.NV)
	dyn.TreeAcceleration(kd.Lift.E, kd.Curv, udot, a)
	ph := physics{u: u, v: append([]float64(nil), kd.V...), udot: udot, a: a, Mr: append([]float64(nil), red.Mr...)}
	ld := mat.NewVecDense(len(f), nil)
	ld.MulVec(kd.L, mat.NewVecDense(d, u))
	ph.ldot = ld.RawVector().Data
	for k := range u {
		ph.power += tauR[k] * u[k]
	}
	return ph
}

// TestCovariancePartitions: the excavator's joint_space and cylinder_space partitions of
// one configuration give the same velocities, actuator velocities, power and physical
// accelerations, and M̃_r = Fᵀ M_r F for the change of independent speeds u' = F u (eqs.
// 17–19).
func TestCovariancePartitions(t *testing.T) {
	a := setup(t, builtin(t, "excavator"), "joint_space")
	req, err := a.m.PartitionRequest("cylinder_space")
	if err != nil {
		t.Fatal(err)
	}
	b := atConfig(t, a.m, a.q, req)
	d := a.kd.Mobility()
	rng := rand.New(rand.NewPCG(11, 12))
	worst := map[string]float64{}
	note := func(k string, x float64) { worst[k] = math.Max(worst[k], x) }
	for range 20 {
		u := randomU(rng, d, 0.3)
		f := randomU(rng, len(a.kd.Ports), 1e4)
		pa := evaluate(t, a, u, f)
		// u' = F u: the cylinder-space independent speeds of the same motion.
		up := make([]float64, d)
		for k, c := range b.p.Independent {
			up[k] = pa.v[c]
		}
		pb := evaluate(t, b, up, f)
		note("v", relDiff(pb.v, pa.v))
		note("ldot", relDiff(pb.ldot, pa.ldot))
		note("power", math.Abs(pb.power-pa.power)/math.Max(1, math.Abs(pa.power)))
		note("a", relDiff(pb.a, pa.a))
		// M_r(joint) = Fᵀ M_r(cylinder) F with F[k][j] = E_joint[indep_cyl[k]][j].
		E := a.kd.Lift.E
		F := mat.NewDense(d, d, nil)
		for k, c := range b.p.Independent {
			for j := range d {
				F.Set(k, j, E.At(c, j))
			}
		}
		var tmp, mr mat.Dense
		tmp.Mul(mat.NewDense(d, d, pb.Mr), F)
		mr.Mul(F.T(), &tmp)
		note("Mr", relDiff(mr.RawMatrix().Data, pa.Mr))
	}
	t.Logf("worst relative differences: %v", worst)
	for k, lim := range map[string]float64{"v": 1e-12, "ldot": 1e-12, "power": 1e-12, "a": 1e-12, "Mr": 1e-12} {
		if worst[k] > lim {
			t.Errorf("%s differs between the partitions by %.3g (limit %.0e)", k, worst[k], lim)
		}
	}
}

// TestCovarianceTrees: Stewart compiled with each of its six spherical joints in the tree
// (different coordinates, the same mechanism) and assembled at the same leg lengths gives
// the same body poses, twists and accelerations, reduced inertia (u = leg-length rates in
// every tree) and actuator velocities.
func TestCovarianceTrees(t *testing.T) {
	var ref []bodyState
	var refMr []float64
	rng := rand.New(rand.NewPCG(13, 14))
	u := randomU(rng, 6, 0.2)
	f := randomU(rng, 6, 400)
	for i := range 6 {
		g := builtin(t, "stewart")
		g.Hints = &cmg.Hints{TreeJoints: []string{fmt.Sprintf("leg_%d_ball", i)}}
		fx := setup(t, g, "lengths")
		ph := evaluate(t, fx, u, f)
		bs := bodies(fx, ph)
		if i == 0 {
			ref, refMr = bs, ph.Mr
			continue
		}
		if d := relDiff(ph.Mr, refMr); d > 1e-12 {
			t.Errorf("tree %d: M_r differs by %.3g", i, d)
		}
		for k := range bs {
			for _, c := range []struct {
				name string
				x, y []float64
			}{{"pose", bs[k].pose, ref[k].pose}, {"twist", bs[k].twist, ref[k].twist}, {"acceleration", bs[k].acc, ref[k].acc}} {
				if d := relDiff(c.x, c.y); d > 1e-12 {
					t.Errorf("tree %d, body %s: %s differs by %.3g", i, bs[k].id, c.name, d)
				}
			}
		}
	}
}

// bodyState is one body's pose (rotation and position, row-major), body twist and body
// acceleration under a representation.
type bodyState struct {
	id               string
	pose, twist, acc []float64
}

// bodies lists every body's state in id order (body order is the same in every
// compilation of one graph).
func bodies(fx *fixture, ph physics) []bodyState {
	d := fx.kd.Dyn
	d.ForwardKinematicsAcc(fx.q, ph.v, ph.a)
	out := make([]bodyState, len(fx.m.Bodies))
	for i, b := range fx.m.Bodies {
		n := i + 1
		p := d.Pose(n).Rows()
		tw, ac := d.Twist(n), d.Acceleration(n)
		out[i] = bodyState{id: b.ID, pose: p[:], twist: tw[:], acc: ac[:]}
	}
	return out
}

package kin_test

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestKinematicsMatchesForwardKinematics: the interfaces' tree kinematics, which copies
// the poses and world subspaces the closure evaluation composed from the ground
// (closure.Data.GroundPlacements) and composes the others, equals a fresh
// dyn.Data.ForwardKinematics — poses, twists and world subspaces — on the built-in
// mechanisms at random feasible states, after the front door's Interfaces (the nodes on
// the loops placed) and after a closure evaluation without the Jacobian (none reused). On the
// Stewart platform, whose loops all close through the ground, the copies must be taken.
func TestKinematicsMatchesForwardKinematics(t *testing.T) {
	for _, name := range []string{"fourbar", "fivebar", "stewart", "excavator"} {
		fx := setup(t, builtin(t, name), "")
		m, d := fx.m, fx.d
		rng := rand.New(rand.NewPCG(5, uint64(len(name))))
		for state := range 3 {
			if err := d.SetState(randomU(rng, d.Mobility(), 1), nil); err != nil {
				t.Fatal(err)
			}
			if err := d.Constraints(); err != nil {
				t.Fatal(err)
			}
			d.Interfaces()
			if state == 2 {
				d.Closure().Residual(d.Q) // a placement without the Jacobian's columns
				d.Kin.Kinematics(d.Q)
			}
			placed := make([]bool, len(m.Bodies)+1)
			d.Closure().GroundPlacements(placed)
			n := 0
			for _, p := range placed[1:] {
				if p {
					n++
				}
			}
			if name == "stewart" && state < 2 && n == 0 {
				t.Fatalf("stewart: no ground placement reused")
			}
			if state == 2 && n != 0 {
				t.Fatalf("%s: %d ground placements reported after an evaluation without columns", name, n)
			}
			want := dyn.NewData(m)
			want.ForwardKinematics(d.Q, d.V)
			got := d.Kin.Dyn
			for k := range len(m.Bodies) + 1 {
				gp, wp := got.Pose(k), want.Pose(k)
				if gp != wp || got.Twist(k) != want.Twist(k) {
					t.Fatalf("%s state %d: node %d: pose, twist %v, %v; ForwardKinematics gives %v, %v", name, state, k, gp, got.Twist(k), wp, want.Twist(k))
				}
			}
			gw, ww := make([]spatial.Vec6, m.NVT), make([]spatial.Vec6, m.NVT)
			got.WorldSubspaces(gw)
			want.WorldSubspaces(ww)
			for k := range gw {
				if gw[k] != ww[k] {
					t.Fatalf("%s state %d: world subspace %d = %v; ForwardKinematics gives %v", name, state, k, gw[k], ww[k])
				}
			}
		}
	}
}

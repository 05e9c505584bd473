//go:build mujoco

package mujoco_test

import (
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// crossModels are the models cross-checked against MuJoCo: shared MJCF files (imported)
// and built-in mechanisms.
var crossModels = []struct {
	name, seed string
	load       func(t *testing.T) *compile.Model
}{
	{"panda", "home", func(t *testing.T) *compile.Model {
		return sharedMJCF(t, testmodels.Panda)
	}},
	{"go2", "home", func(t *testing.T) *compile.Model { return sharedMJCF(t, testmodels.Go2) }},
	{"kangaroo_fixed_base", "", func(t *testing.T) *compile.Model {
		return sharedMJCF(t, testmodels.KangarooFixed)
	}},
	{"stewart", "", func(t *testing.T) *compile.Model { return builtin(t, "stewart") }},
	{"excavator", "", func(t *testing.T) *compile.Model { return builtin(t, "excavator") }},
	{"fourbar", "", func(t *testing.T) *compile.Model { return builtin(t, "fourbar") }},
	{"fivebar", "", func(t *testing.T) *compile.Model { return builtin(t, "fivebar") }},
}

// TestCrossDynamics: M_T and h_T of our tree dynamics (dyn CRBA and Bias) agree with
// MuJoCo's mj_fullM and qfrc_bias − qfrc_passive on the exported model at 20 random
// states each, to a relative difference of 1e-10, with the free-joint convention
// (qvel = [world linear velocity; body angular velocity]) mapped explicitly by the layout.
func TestCrossDynamics(t *testing.T) {
	for _, c := range crossModels {
		t.Run(c.name, func(t *testing.T) {
			x := export(t, c.load(t), c.seed)
			x.checkLayoutNames(t)
			dM, dh := x.dynamicsDiff(t, 20, 1)
			t.Logf("%s: nv %d, max relative difference M %.2g, h %.2g", c.name, x.m.NVT, dM, dh)
			if dM > crossTol || dh > crossTol {
				t.Errorf("relative difference M %.3g, h %.3g exceeds %g", dM, dh, crossTol)
			}
		})
	}
}

// TestCrossEqualityResiduals: the assembled configuration, exported as qpos0 and the
// keyframe "assembled", satisfies every MuJoCo equality to 1e-10 when reloaded.
func TestCrossEqualityResiduals(t *testing.T) {
	for _, c := range crossModels {
		t.Run(c.name, func(t *testing.T) {
			x := export(t, c.load(t), c.seed)
			r := x.equalityResidual(t)
			t.Logf("%s: %d equality rows, max |residual| %.2g", c.name, x.d.EqualityRows(), r)
			if r > crossTol {
				t.Errorf("equality residual %.3g exceeds %g", r, crossTol)
			}
		})
	}
}

// TestCrossJointKinds exports synthetic models that use every exportable joint kind
// with offset, rotated joint frames — a free joint with frame_a and frame_b away from
// the identity, a universal (two hinges) and a planar joint (two slides and a hinge), a
// spherical joint, a revolute and a prismatic joint running child to parent, a
// coupling, joint, transmission and two-point actuators — and a 7R chain closed by a
// weld loop cut: dynamics and equality residuals agree with MuJoCo.
func TestCrossJointKinds(t *testing.T) {
	for _, file := range []string{"testdata/export_kinds.json", "testdata/export_weld.json"} {
		t.Run(file, func(t *testing.T) {
			g, err := cmg.LoadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			x := export(t, testfix.Compile(t, g, compile.Options{}), "")
			x.checkLayoutNames(t)
			dM, dh := x.dynamicsDiff(t, 20, 2)
			r := x.equalityResidual(t)
			t.Logf("%s: max relative difference M %.2g, h %.2g; %d equality rows, max |residual| %.2g", file, dM, dh, x.d.EqualityRows(), r)
			if dM > crossTol || dh > crossTol || r > crossTol {
				t.Errorf("relative difference M %.3g, h %.3g, equality residual %.3g: want <= %g", dM, dh, r, crossTol)
			}
			if x.d.EqualityRows() == 0 {
				t.Error("no equality rows: the coupling or weld was not exported")
			}
		})
	}
}

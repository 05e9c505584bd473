//go:build mujoco

package mujoco_test

import (
	"testing"

	"github.com/robocompiler/robocompiler/compile"
)

// crossModels are the models cross-checked against MuJoCo: shared MJCF files (imported)
// and built-in mechanisms.
var crossModels = []struct {
	name, seed string
	load       func(t *testing.T) *compile.Model
}{
	{"panda", "home", func(t *testing.T) *compile.Model {
		return sharedMJCF(t, "menagerie/franka_emika_panda/panda.xml")
	}},
	{"go2", "", func(t *testing.T) *compile.Model { return sharedMJCF(t, "menagerie/unitree_go2/go2.xml") }},
	{"kangaroo_fixed_base", "", func(t *testing.T) *compile.Model {
		return sharedMJCF(t, "kangaroo/kangaroo_fixed_base.xml")
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

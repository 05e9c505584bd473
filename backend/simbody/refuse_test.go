//go:build simbody

package simbody_test

import (
	"errors"
	"testing"

	"github.com/robocompiler/robocompiler/backend/simbody"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
)

// A four-bar whose cut joint is helical has no Simbody form: Build refuses it with an
// *UnsupportedError naming the joint.
func TestRefuseHelicalCut(t *testing.T) {
	g := testfix.Builtin(t, "fourbar")
	cut := testfix.Compile(t, g, compile.Options{})
	id := cut.Joints[cut.CutJoints()[0]].ID
	for i := range g.Joints {
		if g.Joints[i].ID == id {
			g.Joints[i].Type, g.Joints[i].Pitch = "helical", 0.01
		}
	}
	m := testfix.Compile(t, g, compile.Options{})
	if m.Joints[m.JointIndex(id)].Tree {
		t.Fatalf("joint %q is no longer the cut", id)
	}
	_, err := simbody.Build(m)
	var u *simbody.UnsupportedError
	if !errors.As(err, &u) || u.ID != id || u.Record != "joint" {
		t.Fatalf("Build: %v; want an UnsupportedError naming joint %q", err, id)
	}
	t.Log(err)
}

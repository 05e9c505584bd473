//go:build simbody

package simbody_test

import (
	"errors"
	"testing"

	"github.com/robocompiler/robocompiler/backend/simbody"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
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

// BuildRows keeps one Simbody equation per kept point row (the Kangaroo's 60 enforced of
// 84 loop rows) and refuses a part of a comparison whose rows only exist together (the
// four-bar's SE(3) cut), naming it; a row out of range is an error.
func TestBuildRows(t *testing.T) {
	st := testfix.Assembled(t, shared(testmodels.KangarooFixed)(t).Graph, "", "")
	m := st.D.Model().Model
	rows := st.D.Partition().Enforced(m)
	s, err := simbody.BuildRows(m, rows)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.ConstraintRows() != len(rows) || len(rows) >= m.Rows {
		t.Errorf("%d Simbody equations for %d kept rows of %d", s.ConstraintRows(), len(rows), m.Rows)
	}
	fb := testfix.Compile(t, testfix.Builtin(t, "fourbar"), compile.Options{})
	_, err = simbody.BuildRows(fb, []int{0})
	var u *simbody.UnsupportedError
	if !errors.As(err, &u) || u.ID != fb.Comparisons[0].ID {
		t.Errorf("part of an SE(3) comparison: %v", err)
	}
	if _, err := simbody.BuildRows(fb, []int{fb.Rows}); err == nil {
		t.Error("a row out of range was accepted")
	}
}

package compile_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
)

// disconnectingHints are valid graphs (cmg.Validate accepts them) whose cut_joints
// hints cannot all be honoured: cutting the hinted joints would leave a body without a
// path to the ground. joint names the hinted joint the error must name.
func disconnectingHints(t *testing.T) []struct {
	name, joint string
	g           *cmg.Graph
} {
	exc := builtin(t, "excavator")
	exc.Hints = &cmg.Hints{CutJoints: []string{"q23"}} // on no loop: the slew joint
	fb := builtin(t, "fourbar")
	fb.Hints = &cmg.Hints{CutJoints: []string{"crank_pivot", "rocker_pivot"}} // each alone is fine
	lad := ladder(4, ladderOptions{loopCuts: true})
	lad.Hints = &cmg.Hints{CutJoints: []string{ladderID("l", 3)}} // a_3's only joint
	out := []struct {
		name, joint string
		g           *cmg.Graph
	}{
		{"excavator-q23", "q23", exc},
		{"fourbar-both-pivots", "pivot", fb},
		{"ladder-loopcuts-l3", ladderID("l", 3), lad},
	}
	for _, c := range out {
		if err := c.g.Validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
	return out
}

// TestHintedCutRejected: a hinted cut that would disconnect the forest is an error (a
// located cmg.FieldError), never a panic or a silently different forest; hinted cuts
// that close loops are honoured.
func TestHintedCutRejected(t *testing.T) {
	for _, c := range disconnectingHints(t) {
		m, err := compile.Compile(c.g, compile.Options{})
		if err == nil {
			t.Errorf("%s: no error (cuts %v)", c.name, cutIDs(m))
			continue
		}
		var fe *cmg.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %T %q is not a cmg.FieldError", c.name, err, err)
		}
	}
	// Honoured hints: each four-bar joint can be the cut.
	for _, id := range []string{"crank_pivot", "crank_coupler", "coupler_rocker", "rocker_pivot"} {
		g := builtin(t, "fourbar")
		g.Hints = &cmg.Hints{CutJoints: []string{id}}
		m := mustCompile(t, g, compile.Options{})
		if cuts := cutIDs(m); len(cuts) != 1 || cuts[0] != id {
			t.Errorf("cut_joints [%s]: cuts %v", id, cuts)
		}
	}
	// Tree hints never override physics: hinting every joint into the tree still cuts one.
	g := builtin(t, "fourbar")
	g.Hints = &cmg.Hints{TreeJoints: []string{"crank_pivot", "crank_coupler", "coupler_rocker", "rocker_pivot"}}
	if m := mustCompile(t, g, compile.Options{}); m.CycleRank != 1 || len(m.Comparisons) != 1 {
		t.Errorf("all joints hinted into the tree: mu %d, %d comparisons", m.CycleRank, len(m.Comparisons))
	}
}

// TestHintedCutErrorNamesHint: the error for a disconnecting cut_joints hint names the
// hints record's cut_joints entry and the hinted joint, and says that the joint cannot
// be cut (not a complaint about some body, found later by the forest orientation).
func TestHintedCutErrorNamesHint(t *testing.T) {
	for _, c := range disconnectingHints(t) {
		_, err := compile.Compile(c.g, compile.Options{})
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := err.Error()
		var fe *cmg.FieldError
		if !errors.As(err, &fe) || fe.Record != "hints" || !strings.HasPrefix(fe.Field, "cut_joints[") {
			t.Errorf("%s: error %q is not located at the hints record's cut_joints field", c.name, msg)
		}
		if !strings.Contains(msg, c.joint) || !strings.Contains(msg, "cannot be cut") {
			t.Errorf("%s: error %q does not say that joint %q cannot be cut", c.name, msg, c.joint)
		}
	}
}

// TestUnknownPartitionRequest: asking for a partition request the model does not have is
// an error that names the request and lists the valid ones.
func TestUnknownPartitionRequest(t *testing.T) {
	for _, tc := range []struct {
		model string
		valid []string
	}{
		{"excavator", []string{"cylinder_space", "joint_space"}},
		{"fourbar", []string{"crank"}},
		{"stewart", []string{"lengths"}},
	} {
		m := mustCompile(t, builtin(t, tc.model), compile.Options{})
		idx, err := m.PartitionRequest("joint-space")
		if err == nil {
			t.Errorf("%s: no error (indices %v)", tc.model, idx)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, `"joint-space"`) {
			t.Errorf("%s: error %q does not name the request", tc.model, msg)
		}
		for _, v := range tc.valid {
			if !strings.Contains(msg, v) {
				t.Errorf("%s: error %q does not list the valid request %q", tc.model, msg, v)
			}
		}
		for _, v := range tc.valid {
			if _, err := m.PartitionRequest(v); err != nil {
				t.Errorf("%s: request %q: %v", tc.model, v, err)
			}
		}
	}
}

package closure

import (
	"errors"
	"strings"
	"testing"
)

// TestPartitionRequests checks both excavator requests, and that an invalid request is
// an error naming the tied coordinates and the uncontrolled mode.
func TestPartitionRequests(t *testing.T) {
	var f fixture
	for _, x := range builtins(t, false) {
		if x.name == "excavator" {
			f = x
		}
	}
	m := f.m
	d := NewData(m)
	d.Jacobian(f.q)
	for _, name := range []string{"joint_space", "cylinder_space"} {
		req, err := m.PartitionRequest(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ChoosePartition(m, d.C, req, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.Rank != 25 || p.Mobility != 7 {
			t.Errorf("%s: rank %d mobility %d, want 25 and 7", name, p.Rank, p.Mobility)
		}
		if err := NewLift(p, m.NV).Update(d.C); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// q15 and q22 move together (the pin's idle spin); requesting both leaves the rotator
	// q21 uncontrolled.
	idx := func(ids ...string) []int {
		var out []int
		for _, id := range ids {
			out = append(out, m.Joints[m.JointIndex(id)].V0)
		}
		return out
	}
	_, err := ChoosePartition(m, d.C, idx("q23", "q7", "q4", "q0", "q1", "q15", "q22"), 0)
	var pe *PartitionError
	if !errors.As(err, &pe) {
		t.Fatalf("want a PartitionError, got %v", err)
	}
	for _, want := range []string{"q15", "q22", "q21"} {
		if !strings.Contains(pe.Msg, want) {
			t.Errorf("partition error does not name %s: %s", want, pe.Msg)
		}
	}
	// Wrong count.
	if _, err := ChoosePartition(m, d.C, idx("q23"), 0); !errors.As(err, &pe) || !strings.Contains(pe.Msg, "mobility") {
		t.Errorf("a one-coordinate request should be rejected with the mobility, got %v", err)
	}
}

//go:build mujoco

package main

import (
	"testing"
	"time"
)

// TestBenchMuJoCo times one model in process with the MuJoCo backend linked: mj_forward
// is timed on the export, allocates nothing from Go, and every ratio is against it.
func TestBenchMuJoCo(t *testing.T) {
	r, err := benchModel(root, "fivebar", "", benchOptions{Time: time.Millisecond, Count: 2})
	if err != nil {
		t.Fatal(err)
	}
	mj := r.Operations[mujocoKey]
	if mj == nil || r.Note != "" {
		t.Fatalf("mj_forward not timed: %s", r.Note)
	}
	if mj.Allocs != 0 || mj.Ratio == nil || *mj.Ratio != 1 {
		t.Errorf("mj_forward: %+v", *mj)
	}
	for k, o := range r.Operations {
		if o.Ratio == nil || *o.Ratio != o.NS/mj.NS {
			t.Errorf("%s: ratio %v, want %v", k, o.Ratio, o.NS/mj.NS)
		}
	}
}

package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/robocompiler/robocompiler/robots"
)

// benchKeys are the operations every model reports.
var benchKeys = []string{"residual_jacobian", "lift", "reduced_forward_dynamics", "tracking_step", mujocoKey}

// TestBenchJSON runs bench with a tiny benchtime and checks the contract: every built-in
// mechanism once (a built-in named on the command line is not repeated), every operation
// timed without allocations, and ratios null exactly when MuJoCo was not timed.
func TestBenchJSON(t *testing.T) {
	out, errOut, code := run(t, "bench", "--benchtime", "1ms", "--count", "1", "--json", "fourbar")
	if code != 0 {
		t.Fatalf("bench exit %d: %s", code, errOut)
	}
	var r benchJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if r.MuJoCo == nil && r.Note == "" {
		t.Error("no MuJoCo version and no note saying why")
	}
	if len(r.Models) != len(robots.Names()) {
		t.Fatalf("%d models, want the %d built-ins", len(r.Models), len(robots.Names()))
	}
	for _, m := range r.Models {
		for _, k := range benchKeys {
			o, ok := m.Operations[k]
			if !ok {
				t.Errorf("%s: no %q", m.Model, k)
				continue
			}
			if k == mujocoKey && r.MuJoCo == nil {
				if o != nil {
					t.Errorf("%s: mj_forward timed without MuJoCo", m.Model)
				}
				continue
			}
			if o == nil || o.NS <= 0 {
				t.Errorf("%s: %s not timed: %+v", m.Model, k, o)
				continue
			}
			if k != mujocoKey && o.Allocs != 0 {
				t.Errorf("%s: %s allocates %v times per op", m.Model, k, o.Allocs)
			}
			if (o.Ratio == nil) != (r.MuJoCo == nil) {
				t.Errorf("%s: %s ratio %v with MuJoCo version %v", m.Model, k, o.Ratio, r.MuJoCo)
			}
		}
	}
}

// TestBenchReadableAndErrors checks the table's header and rows, a bad --benchtime or
// --count (usage, exit 2) and an unknown model (invalid, exit 1).
func TestBenchReadableAndErrors(t *testing.T) {
	out, errOut, code := run(t, "bench", "--benchtime", "1ms", "--count", "1")
	if code != 0 {
		t.Fatalf("bench exit %d: %s", code, errOut)
	}
	for _, want := range []string{"ns/op", "allocs/op", "stewart", "reduced forward dynamics", "tracking step"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range [][]string{{"--benchtime", "0s"}, {"--count", "0"}} {
		if _, _, code := run(t, append([]string{"bench"}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	if _, errOut, code := run(t, "bench", "--benchtime", "1ms", "no-such-model"); code != 1 || !strings.Contains(errOut, "no-such-model") {
		t.Errorf("unknown model: exit %d, stderr %q; want 1 naming it", code, errOut)
	}
}

// allocSink keeps TestMeasureAllocs' allocations on the heap.
var allocSink []byte

// TestMeasureAllocs checks that measure counts a call's own allocations, also when one
// call outlasts the loop time (the count then spans allocCalls calls), and reports none
// for a call that allocates nothing.
func TestMeasureAllocs(t *testing.T) {
	for _, c := range []struct {
		allocs int
		wait   time.Duration
	}{{0, 0}, {2, 0}, {0, 2 * time.Millisecond}, {3, 2 * time.Millisecond}} {
		op := func() error {
			for range c.allocs {
				allocSink = make([]byte, 64+len(allocSink)%2)
			}
			if c.wait > 0 {
				time.Sleep(c.wait)
			}
			return nil
		}
		got, err := measure(op, time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if got.Allocs != uint64(c.allocs) {
			t.Errorf("op with %d allocations, %v long: measured %d", c.allocs, c.wait, got.Allocs)
		}
	}
}

// TestBenchLoopForm: bench on a 60-loop ladder (240 velocities, the loop form) times the
// reduced forward dynamics and says in the model's note why the forward derivatives,
// which the loop form refuses, are not timed, instead of failing.
func TestBenchLoopForm(t *testing.T) {
	path := ladderFile(t, 60)
	out, errOut, code := run(t, "bench", "--benchtime", "1ms", "--count", "1", "--json", path)
	if code != 0 {
		t.Fatalf("bench of a 60-loop ladder: exit %d: %s", code, errOut)
	}
	var r benchJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var m *benchModelJSON
	for i := range r.Models {
		if r.Models[i].Velocities == 240 {
			m = &r.Models[i]
		}
	}
	if m == nil {
		t.Fatalf("no model of 240 velocities in %s", out)
	}
	if o := m.Operations["reduced_forward_dynamics"]; o == nil || o.NS <= 0 || o.Allocs != 0 {
		t.Errorf("ladder: reduced forward dynamics %+v", o)
	}
	if _, ok := m.Operations[derivKey]; ok || !strings.Contains(m.Note, derivLoopFormNote) {
		t.Errorf("ladder: derivatives %v, note %q; want none and the loop-form note", m.Operations[derivKey], m.Note)
	}
}

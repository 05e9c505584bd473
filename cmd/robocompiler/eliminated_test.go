package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/robots"
)

// TestAssembleEliminatedQ: assemble --eliminate reports every joint, the eliminated cut
// joints included (their values implied by the tree), and they agree with the SE(3)
// form's assembly from the same seed.
func TestAssembleEliminatedQ(t *testing.T) {
	for _, model := range []string{"fourbar", "stewart", "excavator"} {
		q := map[bool]map[string][]float64{}
		for _, elim := range []bool{false, true} {
			args := []string{"assemble", model, "--json"}
			if elim {
				args = append(args, "--eliminate")
			}
			out, errOut, code := run(t, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errOut)
			}
			var r struct {
				Q map[string][]float64 `json:"q"`
			}
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			q[elim] = r.Q
		}
		if len(q[true]) != len(q[false]) {
			t.Errorf("%s: %d joints with --eliminate, %d without", model, len(q[true]), len(q[false]))
		}
		for id, want := range q[false] {
			got := q[true][id]
			if len(got) != len(want) {
				t.Errorf("%s: joint %s: %v with --eliminate, %v without", model, id, got, want)
				continue
			}
			for k := range want {
				if math.Abs(got[k]-want[k]) > 1e-9 {
					t.Errorf("%s: joint %s: %v with --eliminate, %v without", model, id, got, want)
					break
				}
			}
		}
	}
}

// TestAssembleEliminatedLimits: an eliminated cut joint whose implied value is outside
// its limits makes the assembled configuration a numerical failure (exit 3) naming it.
func TestAssembleEliminatedLimits(t *testing.T) {
	g, err := robots.Get("fourbar")
	if err != nil {
		t.Fatal(err)
	}
	g.Joint("crank_coupler").Limits = &cmg.Limits{Lower: []float64{0}, Upper: []float64{0.1}}
	data, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fourbar_limited.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := run(t, "assemble", path, "--eliminate")
	if code != 3 || !strings.Contains(errOut, `eliminated cut joint "crank_coupler"`) || !strings.Contains(errOut, "limits") {
		t.Errorf("exit %d, stderr %q; want 3 naming crank_coupler's limits", code, errOut)
	}
}

package closure

import (
	"errors"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// TestAssemblyChecksUniversalLimits: acceptance checks the limits of every coordinate,
// not only of 1-DoF joints. The four-bar's crank pivot becomes a universal joint whose
// second angle (0 at the seed, where the loop is already closed) is limited to
// [0.3, 0.5]: assembly fails naming the joint; with [−0.5, 0.5] it succeeds.
func TestAssemblyChecksUniversalLimits(t *testing.T) {
	for _, c := range []struct {
		lower, upper float64
		ok           bool
	}{{0.3, 0.5, false}, {-0.5, 0.5, true}} {
		g, err := robots.Get("fourbar")
		if err != nil {
			t.Fatal(err)
		}
		g.Actuators, g.PartitionRequests = nil, nil
		for i := range g.Joints {
			if j := &g.Joints[i]; j.ID == "crank_pivot" {
				j.Type, j.Axis2 = "universal", &[3]float64{1, 0, 0}
				j.Limits = &cmg.Limits{Lower: []float64{-10, c.lower}, Upper: []float64{10, c.upper}}
				th := g.Seeds["default"]["crank_pivot"][0]
				g.Seeds["default"]["crank_pivot"] = cmg.Values{th, 0}
			}
		}
		m, err := compile.Compile(g, compile.Options{})
		if err != nil {
			t.Fatal(err)
		}
		q0, err := m.Seed("")
		if err != nil {
			t.Fatal(err)
		}
		_, err = Assemble(m, q0, AssembleOptions{})
		var ae *AssemblyError
		switch {
		case c.ok && err != nil:
			t.Errorf("limits [%g, %g]: %v", c.lower, c.upper, err)
		case !c.ok && (!errors.As(err, &ae) || ae.Cut != "crank_pivot" || !strings.Contains(ae.Reason, "limits")):
			t.Errorf("limits [%g, %g]: error %v, want the crank pivot outside its limits", c.lower, c.upper, err)
		}
	}
}

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/robots"
)

// TestLoopFormExports: on a 60-loop four-bar ladder (240 velocities, the loop form, which
// keeps neither C nor E) rc_closure and rc_lift form them on request, C E vanishes to
// round-off, and both derivative calls are usage errors naming the loop form.
func TestLoopFormExports(t *testing.T) {
	b, err := json.Marshal(robots.FourBarLadder(60))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ladder60.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	w := newTestWorkspace(t, path, "", "")
	if !w.d.LoopForm() {
		t.Fatal("the 60-loop ladder does not take the loop form")
	}
	m := w.m.m
	n := w.d.Mobility()
	rho, C, E := make([]float64, m.Rows), make([]float64, m.Rows*m.NV), make([]float64, m.NV*n)
	if err := w.closure(view(rho), view(C)); err != nil {
		t.Fatal(err)
	}
	if err := w.lift(view(E)); err != nil {
		t.Fatal(err)
	}
	enforced := w.d.Partition().Rows
	var worst, cmax float64
	for _, i := range enforced {
		for k := range n {
			s := 0.0
			for j := range m.NV {
				s += C[i*m.NV+j] * E[j*n+k]
				cmax = max(cmax, math.Abs(C[i*m.NV+j]))
			}
			worst = max(worst, math.Abs(s))
		}
	}
	if cmax == 0 || worst > 1e-12 {
		t.Errorf("loop form: max |C| %g, max |C E| %g over the enforced rows; want C nonzero and C E at round-off", cmax, worst)
	}
	u := make([]float64, n)
	if err := w.setState(view(u), view(u)); err != nil {
		t.Fatal(err)
	}
	sq := make([]float64, n*n)
	err = w.forwardDerivatives(arr{}, arr{}, view(sq), view(sq), arr{})
	if code(err) != codeUsage || !strings.Contains(err.Error(), "loop form") {
		t.Errorf("rc_forward_derivatives in the loop form: %v (code %d); want a usage error naming it", err, code(err))
	}
	err = w.inverseDerivatives(arr{}, arr{}, view(sq), view(sq), view(sq))
	if code(err) != codeUsage || !strings.Contains(err.Error(), "loop form") {
		t.Errorf("rc_inverse_derivatives in the loop form: %v (code %d); want a usage error naming it", err, code(err))
	}
}

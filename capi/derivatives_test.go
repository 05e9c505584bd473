package main

import (
	"strings"
	"testing"
)

// TestDerivativesExports: the C interface copies out exactly what the Go library computes
// (Stewart: square port map), refuses the excavator's inverse derivatives (8 ports,
// mobility 7) as invalid input, refuses a wrong output size as a usage error, and
// allocates nothing once its derivative workspace is made.
func TestDerivativesExports(t *testing.T) {
	w := newTestWorkspace(t, "stewart", "", "")
	n, nf := w.d.Mobility(), len(w.m.m.Ports)
	u, f := make([]float64, n), make([]float64, nf)
	for i := range u {
		u[i], f[i%nf] = 0.1*float64(i+1), 50
	}
	if err := w.setState(view(u), view(make([]float64, n))); err != nil {
		t.Fatal(err)
	}
	dq, du, df := make([]float64, n*n), make([]float64, n*n), make([]float64, n*nf)
	if err := w.forwardDerivatives(view(f), arr{}, view(dq), view(du), view(df)); err != nil {
		t.Fatal(err)
	}
	g := w.d.NewDerivatives()
	if err := w.d.ForwardDerivatives(g, f, nil); err != nil {
		t.Fatal(err)
	}
	for k, pair := range [3][2][]float64{{dq, g.DUdotDq}, {du, g.DUdotDU}, {df, g.DUdotDf}} {
		for i := range pair[0] {
			if pair[0][i] != pair[1][i] {
				t.Fatalf("block %d entry %d: C %g, Go %g", k, i, pair[0][i], pair[1][i])
			}
		}
	}
	fo, a, b, c := make([]float64, n), make([]float64, n*n), make([]float64, n*n), make([]float64, n*n)
	if err := w.inverseDerivatives(arr{}, view(fo), view(a), view(b), view(c)); err != nil {
		t.Fatal(err)
	}
	if err := w.forwardDerivatives(view(f), arr{}, view(dq[:1]), view(du), view(df)); code(err) != codeUsage {
		t.Fatalf("short dudot_dq: %v (code %d); want a usage error", err, code(err))
	}
	allocs := testing.AllocsPerRun(3, func() {
		if err := w.forwardDerivatives(view(f), arr{}, view(dq), view(du), view(df)); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("rc_forward_derivatives allocates %v times", allocs)
	}
	x := newTestWorkspace(t, "excavator", "joint_space", "")
	m := x.d.Mobility()
	sq := make([]float64, m*m)
	err := x.inverseDerivatives(arr{}, arr{}, view(sq), view(sq), view(sq))
	if code(err) != codeInvalid || !strings.Contains(err.Error(), "8×7") {
		t.Fatalf("excavator inverse derivatives: %v (code %d)", err, code(err))
	}
}

package tasks

import (
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
)

// errorProbe logs, under column, the instantaneous RMS of ref(t) − actual over the
// tracked coordinates.
type errorProbe struct {
	column         string
	ref            *reference
	actual         func(s *sim.State, k *kin.Data, out []float64)
	y, yd, ydd, at []float64
}

// newErrorProbe allocates the probe for n coordinates.
func newErrorProbe(column string, n int, ref *reference, actual func(s *sim.State, k *kin.Data, out []float64)) *errorProbe {
	return &errorProbe{column: column, ref: ref, actual: actual,
		y: make([]float64, n), yd: make([]float64, n), ydd: make([]float64, n), at: make([]float64, n)}
}

// Columns implements sim.Probe.
func (p *errorProbe) Columns() []string { return []string{p.column} }

// Sample implements sim.Probe.
func (p *errorProbe) Sample(s *sim.State, data *robocompiler.Data, _ *sim.Command, out []float64) {
	k := data.Kin
	p.ref.eval(s.T, p.y, p.yd, p.ydd)
	p.actual(s, k, p.at)
	e := 0.0
	for i, x := range p.at {
		e += (p.y[i] - x) * (p.y[i] - x)
	}
	out[0] = math.Sqrt(e / float64(len(p.at)))
}

package tasks

import (
	"github.com/robocompiler/robocompiler/internal/dense"
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/kin"
)

// covariance checks the motion-consistency proposition of section V on a running
// resolution: the QP of eq. 16 (or the closed form of eq. 17) solved in a second partition
// of the same model at the same state and with the same task command gives the same
// physical velocity v = E u*.
type covariance struct {
	d      *robocompiler.Data
	kd     *kin.Data
	res    *redundancy
	u, ub  []float64
	va, vb []float64
}

// newCovariance builds the second partition of m at the feasible q (len NQ) with the
// requested independent velocity indices and its resolution from mk.
func newCovariance(m *compile.Model, q []float64, request []int, mk func(*kin.Data) *redundancy) (*covariance, error) {
	p, err := closure.PartitionAt(m, q, request)
	if err != nil {
		return nil, err
	}
	d := (&robocompiler.Model{Model: m, Request: request}).NewData()
	if err := d.Place(q, p); err != nil {
		return nil, err
	}
	nd := p.Mobility
	return &covariance{d: d, kd: d.Kin, res: mk(d.Kin), u: make([]float64, nd), ub: make([]float64, nd),
		va: make([]float64, m.NV), vb: make([]float64, m.NV)}, nil
}

// compare re-solves at the state of ka (its last Update at q) with the task command w and
// returns max|v_A − v_B| / max|v_A| for the first partition's solution ua (the plain
// difference when v_A = 0).
func (c *covariance) compare(q []float64, ka *kin.Data, ua, w []float64) (float64, error) {
	for k, i := range c.kd.Lift.P.Independent {
		c.u[k] = ka.V[i]
	}
	kd := c.kd
	if err := c.d.SetConfiguration(q); err != nil {
		return 0, err
	}
	if err := c.d.SetState(c.u, nil); err != nil {
		return 0, err
	}
	c.d.Interfaces()
	if err := c.d.Dynamics(nil); err != nil {
		return 0, err
	}
	if _, err := c.res.solve(kd, c.d.Reduced.Mr, w, c.ub); err != nil {
		return 0, err
	}
	ea, eb := ka.Lift.E.RawMatrix(), kd.Lift.E.RawMatrix()
	dense.MulVec(ea.Data, ea.Stride, ua, c.va)
	dense.MulVec(eb.Data, eb.Stride, c.ub, c.vb)
	diff, scale := 0.0, 0.0
	for i := range c.va {
		diff = math.Max(diff, math.Abs(c.va[i]-c.vb[i]))
		scale = math.Max(scale, math.Abs(c.va[i]))
	}
	if scale == 0 {
		return diff, nil
	}
	return diff / scale, nil
}

package tasks

import (
	"math"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kin"
)

// covariance checks the motion-consistency proposition of section V on a running
// resolution: the QP of eq. 16 (or the closed form of eq. 17) solved in a second partition
// of the same model at the same state and with the same task command gives the same
// physical velocity v = E u*.
type covariance struct {
	kd     *kin.Data
	r      *dyn.Reduced
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
	kd := kin.NewData(m, p)
	d := p.Mobility
	return &covariance{kd: kd, r: dyn.NewReduced(m.NVT, d), res: mk(kd), u: make([]float64, d), ub: make([]float64, d),
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
	if err := kd.Update(q, c.u); err != nil {
		return 0, err
	}
	kd.Dyn.ReducedDynamics(c.r, q, kd.V, kd.Lift.E, kd.Curv, nil)
	if _, err := c.res.solve(kd, c.r.Mr, w, c.ub); err != nil {
		return 0, err
	}
	mulVec(ka.Lift.E.RawMatrix().Data, ka.Lift.E.RawMatrix().Stride, ua, c.va)
	mulVec(kd.Lift.E.RawMatrix().Data, kd.Lift.E.RawMatrix().Stride, c.ub, c.vb)
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

// mulVec writes y = A x for the row-major A (stride) with len(y) rows and len(x) columns.
func mulVec(a []float64, stride int, x, y []float64) {
	for i := range y {
		s := 0.0
		for k, xk := range x {
			s += a[i*stride+k] * xk
		}
		y[i] = s
	}
}

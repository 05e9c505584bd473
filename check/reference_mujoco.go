//go:build mujoco

package check

import (
	"bytes"

	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/spatial"
)

// mujocoEngine takes MuJoCo's tree mass matrix and bias forces (mj_fullM, qfrc_bias −
// qfrc_passive) on the exported model and solves the hard-constraint KKT of eq. 22 on
// our enforced closure rows with them. MuJoCo's own equality constraints are soft and
// leave out J̇v, so its constrained accelerations are no hard-constraint reference; the
// external wrench enters through our Jᵀ (the same in every engine).
type mujocoEngine struct {
	model *mujoco.Model
	data  *mujoco.Data
	lay   *mjcf.Layout
	dd    *dyn.Data
	n     int

	qpos, qvel, mj, bias, passive, e, te, col, frc, MT, hT []float64
}

func newMuJoCoEngine(w *workspace) (engine, error) {
	m := w.m
	var xml bytes.Buffer
	if err := mjcf.Export(m, w.q0, &xml, mjcf.ExportOptions{}); err != nil {
		return nil, err
	}
	lay, err := mjcf.NewLayout(m, w.q0)
	if err != nil {
		return nil, err
	}
	model, err := mujoco.LoadXMLString(xml.String(), nil)
	if err != nil {
		return nil, err
	}
	data, err := model.NewData()
	if err != nil {
		model.Close()
		return nil, err
	}
	n := m.NVT
	return &mujocoEngine{model: model, data: data, lay: lay, dd: dyn.NewData(m), n: len(w.rows),
		qpos: make([]float64, lay.NQ), qvel: make([]float64, n), mj: make([]float64, n*n), bias: make([]float64, n),
		passive: make([]float64, n), e: make([]float64, n), te: make([]float64, n), col: make([]float64, n),
		frc: make([]float64, n), MT: make([]float64, n*n), hT: make([]float64, n)}, nil
}

func (e *mujocoEngine) rows() int { return e.n }

func (e *mujocoEngine) close() {
	e.data.Close()
	e.model.Close()
}

func (e *mujocoEngine) accelerations(w *workspace, tauT []float64, _ int, _ spatial.Vec6, aref []float64) error {
	q, v, n := w.d.Q, w.d.V, w.m.NVT
	if err := e.lay.QPos(q, e.qpos); err != nil {
		return err
	}
	if err := e.lay.QVel(q, v, e.qvel); err != nil {
		return err
	}
	for _, err := range []error{e.data.SetQpos(e.qpos), e.data.SetQvel(e.qvel), e.data.Forward(), e.data.FullM(e.mj),
		e.data.Bias(e.bias), e.data.QfrcPassive(e.passive)} {
		if err != nil {
			return err
		}
	}
	// M_T = Tᵀ M T column by column.
	for k := range n {
		clear(e.e)
		e.e[k] = 1
		if err := e.lay.QVel(q, e.e, e.te); err != nil {
			return err
		}
		mulSquare(e.mj, e.te, e.col)
		if err := e.lay.Forces(q, e.col, e.frc); err != nil {
			return err
		}
		for i := range n {
			e.MT[i*n+k] = e.frc[i]
		}
	}
	// h_T = Tᵀ (qfrc_bias − qfrc_passive + M Ṫ v), then the external wrench's −Jᵀ fext,
	// which is ours: our H_T with the wrench less our bias without it.
	if err := e.lay.VelocityProduct(q, v, e.te); err != nil {
		return err
	}
	mulSquare(e.mj, e.te, e.col)
	for i := range e.col {
		e.col[i] += e.bias[i] - e.passive[i]
	}
	if err := e.lay.Forces(q, e.col, e.hT); err != nil {
		return err
	}
	e.dd.Bias(q, v, nil, e.frc)
	for i := range e.hT {
		e.hT[i] += w.d.Reduced.HT[i] - e.frc[i]
	}
	return w.kkt(e.MT, e.hT, tauT, aref)
}

// mulSquare writes A x for a square row-major A.
func mulSquare(A, x, out []float64) {
	n := len(x)
	for i := range n {
		s := 0.0
		for j := range n {
			s += A[i*n+j] * x[j]
		}
		out[i] = s
	}
}

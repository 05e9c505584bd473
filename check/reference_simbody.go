package check

import (
	"github.com/robocompiler/robocompiler/backend/simbody"
	"github.com/robocompiler/robocompiler/spatial"
)

// simbodyEngine is Simbody's constrained forward dynamics on the model rebuilt there
// (backend/simbody): every constraint equation enforced, including rows our rank
// decision dropped as near-redundant.
type simbodyEngine struct {
	s *simbody.System
	w []spatial.Vec6
}

func newSimbodyEngine(w *workspace) (engine, error) {
	s, err := simbody.Build(w.m)
	if err != nil {
		return nil, err
	}
	return &simbodyEngine{s: s, w: make([]spatial.Vec6, len(w.m.Bodies)+1)}, nil
}

func (e *simbodyEngine) rows() int { return e.s.ConstraintRows() }
func (e *simbodyEngine) close()    { e.s.Close() }

func (e *simbodyEngine) accelerations(w *workspace, tauT []float64, heavy int, ww spatial.Vec6, aref []float64) error {
	if err := e.s.SetState(0, w.d.Q, w.d.V); err != nil {
		return err
	}
	clear(e.w)
	e.w[heavy] = ww
	return e.s.Accelerations(tauT, e.w, aref)
}

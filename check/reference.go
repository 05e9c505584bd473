package check

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler/internal/kktref"
	"github.com/robocompiler/robocompiler/spatial"
)

// ErrNoMuJoCo is returned for the mujoco reference by a build without the "mujoco" tag.
var ErrNoMuJoCo = errors.New("check: the mujoco reference is not in this build (build with -tags mujoco)")

// newEngine returns the named reference engine for the workspace's model (the Simbody
// one holding only the enforced rows with enforcedOnly).
func newEngine(name string, w *workspace, enforcedOnly bool) (engine, error) {
	switch name {
	case RefKKT, "":
		return kktEngine{n: len(w.rows)}, nil
	case RefSimbody:
		return newSimbodyEngine(w, enforcedOnly)
	case RefMuJoCo:
		return newMuJoCoEngine(w)
	}
	return nil, fmt.Errorf("check: unknown reference %q (kkt, simbody or mujoco)", name)
}

// kktEngine is the reference of eq. 22 on our own M_T and h_T (Run's dynamics witness).
type kktEngine struct{ n int }

func (e kktEngine) rows() int { return e.n }
func (kktEngine) close()      {}

func (kktEngine) accelerations(w *workspace, tauT []float64, _ int, _ spatial.Vec6, aref []float64) error {
	M, h := w.treeMass(), w.d.Reduced.HT
	return w.kkt(M, h, tauT, aref)
}

// kkt solves the KKT/null-space reference of eq. 22 on the augmented coordinates for the
// tree inertia M (NVT×NVT), bias h and effort tauT, with the enforced rows of C and
// their drift γ at the last evaluation, and writes the tree accelerations into aref. The
// float64 solve is arbitrated in extended precision (as Run's witness) when it differs
// from the reduced solution by more than arbitrate.
func (w *workspace) kkt(MT, hT, tauT, aref []float64) error {
	n, nv, nr := w.m.NVT, w.m.NV, len(w.rows)
	Jc, gamma := w.enforcedRows()
	M, h, tau := augmented(MT, hT, tauT, n, nv)
	a, _, err := kktref.Solve(M, h, tau, Jc, gamma, nv, nr, 0)
	if err != nil {
		return err
	}
	if nv <= DenseReferenceMaxNV && kktref.DeltaA(w.d.A[:n], a[:n]) > arbitrate {
		if a, _, err = kktref.SolveBig(M, h, tau, Jc, gamma, nv, nr, 0); err != nil {
			return err
		}
	}
	copy(aref, a[:n])
	return nil
}

// enforcedRows returns the enforced rows of the closure Jacobian C (len(rows) × NV,
// row-major) and their drift γ at the last evaluation.
func (w *workspace) enforcedRows() (Jc, gamma []float64) {
	nv, nr := w.m.NV, len(w.rows)
	Jc, gamma = make([]float64, nr*nv), make([]float64, nr)
	if nr > 0 {
		cl := w.closureAt()
		C := cl.C.RawMatrix()
		for i, r := range w.rows {
			copy(Jc[i*nv:i*nv+nv], C.Data[r*C.Stride:r*C.Stride+nv])
			gamma[i] = cl.Gamma[r]
		}
	}
	return Jc, gamma
}

// augmented embeds the tree inertia MT (n×n), bias hT and effort tauT into the nv
// augmented coordinates (zero rows and columns for the cut joints' coordinates).
func augmented(MT, hT, tauT []float64, n, nv int) (M, h, tau []float64) {
	M, h, tau = make([]float64, nv*nv), make([]float64, nv), make([]float64, nv)
	for i := range n {
		copy(M[i*nv:i*nv+n], MT[i*n:i*n+n])
		h[i], tau[i] = hT[i], tauT[i]
	}
	return M, h, tau
}

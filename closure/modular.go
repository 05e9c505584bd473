package closure

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
)

// ModularSolver corrects the dependency modules of a partition separately (section II-C
// and VI-D): Step sets the independent coordinates and re-solves only the modules whose
// inputs changed; the others are reused bit for bit. The partition's independent
// coordinates must be 1-DoF joint coordinates (as partition requests are).
type ModularSolver struct {
	// Q is the current feasible configuration (len NQ).
	Q []float64
	// Modules are the dependency modules of the partition.
	Modules []compile.Module

	m       *compile.Model
	p       *Partition
	d       *Data
	qIndex  []int // per independent coordinate: its index in q
	mods    []moduleSolver
	prev    []float64
	scratch []float64
	solved  []int // Step's result, reused
}

type moduleSolver struct {
	comps, coups []int
	inputs       []int // q indices of the module's independent inputs
	nw           *newton
}

// NewModularSolver prepares modules for partition p at the feasible configuration q.
func NewModularSolver(m *compile.Model, q []float64, p *Partition) (*ModularSolver, error) {
	s := &ModularSolver{Q: append([]float64(nil), q...), m: m, p: p, d: NewData(m),
		prev: append([]float64(nil), q...), scratch: make([]float64, m.NQ)}
	vToQ := make([]int, m.NV)
	for i := range vToQ {
		vToQ[i] = -1
	}
	for _, j := range m.Joints {
		if j.NQ == 1 && j.NV == 1 {
			vToQ[j.V0] = j.Q0
		}
	}
	indep := make([]bool, m.NV)
	for _, v := range p.Independent {
		if vToQ[v] < 0 {
			return nil, fmt.Errorf("independent coordinate %q is not a 1-DoF joint coordinate", m.CoordinateNames()[v])
		}
		indep[v] = true
		s.qIndex = append(s.qIndex, vToQ[v])
	}
	s.Modules = m.Modules(indep)
	blocks := m.Blocks()
	selected := map[int]bool{}
	for _, r := range p.Rows {
		selected[r] = true
	}
	for mi, mod := range s.Modules {
		var ms moduleSolver
		var rows, check []int
		for _, b := range mod.Blocks {
			if b < len(m.Comparisons) {
				ms.comps = append(ms.comps, b)
			} else {
				ms.coups = append(ms.coups, b-len(m.Comparisons))
			}
			for r := blocks[b].Row; r < blocks[b].Row+blocks[b].Rows; r++ {
				check = append(check, r)
				if selected[r] {
					rows = append(rows, r)
				}
			}
		}
		if len(rows) != len(mod.Dependent) {
			return nil, &PartitionError{Msg: fmt.Sprintf("module %d (cuts %v) has %d selected rows for %d dependent coordinates: the partition does not decouple into modules here", mi, mod.Cuts, len(rows), len(mod.Dependent))}
		}
		for _, v := range mod.Inputs {
			ms.inputs = append(ms.inputs, vToQ[v])
		}
		ms.nw = newNewton(m, rows, mod.Dependent, check)
		s.mods = append(s.mods, ms)
	}
	s.solved = make([]int, 0, len(s.mods))
	return s, nil
}

// Step sets the independent coordinates to values (len Mobility, in the partition's
// independent order) and re-solves the modules whose inputs changed. It returns the
// indices of the modules solved, in a slice the solver reuses (valid until the next Step;
// Step allocates nothing). On failure nothing changes and the error names the module and
// its residual.
func (s *ModularSolver) Step(values []float64) ([]int, error) {
	copy(s.scratch, s.Q)
	for k, qi := range s.qIndex {
		s.scratch[qi] = values[k]
	}
	solved := s.solved[:0]
	for mi := range s.mods {
		ms := &s.mods[mi]
		changed := false
		for _, qi := range ms.inputs {
			if s.scratch[qi] != s.prev[qi] {
				changed = true
				break
			}
		}
		if !changed {
			continue
		}
		s.d.setActive(ms.comps, ms.coups)
		_, ok := ms.nw.correct(s.d, s.scratch)
		s.d.setActive(nil, nil)
		if !ok {
			return nil, fmt.Errorf("module %d (cuts %v) did not converge: largest residual %.3g (m or rad)", mi, s.Modules[mi].Cuts, ms.nw.lastResidual)
		}
		solved = append(solved, mi)
	}
	copy(s.Q, s.scratch)
	copy(s.prev, s.Q)
	return solved, nil
}

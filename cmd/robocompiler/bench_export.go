package main

import (
	"fmt"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"gonum.org/v1/gonum/mat"
)

// benchExportState is the state at which bench times MuJoCo's mj_forward: the model as
// `export --format mjcf` writes it (exportTree: a universal loop cut, which no MuJoCo
// 2.2.2 equality expresses, becomes a tree joint and its loop is cut at a joint MuJoCo
// writes exactly), its assembled configuration q (len NQ of that model) and the feasible
// velocity v = E u (len NV) with every independent speed benchSpeed. The independent
// coordinates are those of the assembled partition p, by name, when they are valid in
// the re-cut model (then v is the same motion as the reduced dynamics' state), else its
// automatic choice (a feasible velocity of the same size, noted in the returned string).
// An unchanged model is returned with q and the given v.
func benchExportState(s *assembled, v []float64) (*compile.Model, []float64, []float64, string, error) {
	m, q, err := exportTree(s.m, s.a.Q, &compileFlags{})
	if err != nil || m == s.m {
		return m, q, v, "", err
	}
	cd := closure.NewData(m)
	cd.Jacobian(q)
	index := map[string]int{}
	for i, n := range m.CoordinateNames() {
		index[n] = i
	}
	names := s.m.CoordinateNames()
	var req []int
	for _, k := range s.p.Independent {
		if i, ok := index[names[k]]; ok {
			req = append(req, i)
		}
	}
	note := ""
	p, err := closure.ChoosePartition(m, cd.C, req, 0)
	if err != nil || len(req) != len(s.p.Independent) {
		note = "the re-cut export's own independent coordinates set the velocity"
		if p, err = closure.ChoosePartition(m, cd.C, nil, 0); err != nil {
			return nil, nil, nil, "", fmt.Errorf("partition of the re-cut export tree: %w", err)
		}
	}
	l := closure.NewLift(p, m.NV)
	if err := l.Update(cd.C); err != nil {
		return nil, nil, nil, "", fmt.Errorf("lift of the re-cut export tree: %w", err)
	}
	u := make([]float64, p.Mobility)
	for i := range u {
		u[i] = benchSpeed
	}
	ve := make([]float64, m.NV)
	mat.NewVecDense(m.NV, ve).MulVec(l.E, mat.NewVecDense(len(u), u))
	return m, q, ve, note, nil
}

package main

import (
	"github.com/robocompiler/robocompiler/closure"
)

// moduleOps prepares the modular-update operations of the paper's Table VI, each in its
// own closure.ModularSolver at the assembled configuration: module_update_one moves one
// independent coordinate (an input of the largest module) by ±benchStep, so only the
// modules reading it are re-solved; module_update_all moves every independent coordinate, so every module is.
// A model whose partition does not decouple into at least two modules, or holds an
// independent coordinate that is not a 1-DoF joint coordinate (a free base), has none.
func moduleOps(s *assembled) []benchOp {
	m, p, q := s.m, s.p, s.a.Q
	one, err := closure.NewModularSolver(m, q, p)
	if err != nil || len(one.Modules) < 2 {
		return nil
	}
	all, err := closure.NewModularSolver(m, q, p)
	if err != nil {
		return nil
	}
	base := make([]float64, len(p.Independent))
	for k, v := range p.Independent {
		for _, j := range m.Joints {
			if j.NV == 1 && j.V0 == v {
				base[k] = q[j.Q0]
			}
		}
	}
	pick, size := 0, -1
	for _, mod := range one.Modules {
		if len(mod.Dependent) > size && len(mod.Inputs) > 0 {
			size = len(mod.Dependent)
			for k, v := range p.Independent {
				if v == mod.Inputs[0] {
					pick = k
				}
			}
		}
	}
	vo, va := append([]float64(nil), base...), append([]float64(nil), base...)
	sign := 1.0
	return []benchOp{
		{"module_update_one", "one-module update", func() error {
			sign = -sign
			vo[pick] = base[pick] + sign*benchStep
			_, err := one.Step(vo)
			return err
		}},
		{"module_update_all", "all-module update", func() error {
			sign = -sign
			for k := range va {
				va[k] = base[k] + sign*benchStep
			}
			_, err := all.Step(va)
			return err
		}},
	}
}

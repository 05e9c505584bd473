package simbody

import (
	"fmt"

	"github.com/robocompiler/robocompiler/sim"
)

// newLog names the columns of a Simbody run.
func (r *runner) newLog() *sim.Log {
	qn := make([]string, r.m.NQ)
	for _, j := range r.m.Joints {
		for k := range j.NQ {
			if j.NQ == 1 {
				qn[j.Q0] = "q:" + j.ID
			} else {
				qn[j.Q0+k] = fmt.Sprintf("q:%s[%d]", j.ID, k)
			}
		}
	}
	cols := append([]string{"t"}, qn...)
	for _, p := range r.d.Kin.Ports {
		cols = append(cols, "ell:"+p.ID)
	}
	for _, p := range r.d.Kin.Ports {
		cols = append(cols, "f:"+p.ID)
	}
	cols = append(cols, "qerr_simbody", "uerr_simbody", "kinetic_J", "potential_J", "work_J", "dissipated_J", "balance_J")
	for _, p := range r.opts.Probes {
		r.width = append(r.width, len(p.Columns()))
		cols = append(cols, p.Columns()...)
	}
	return &sim.Log{Columns: cols}
}

// record appends the mapped state, the ports, the command, Simbody's constraint errors,
// the ledger and the probes.
func (r *runner) record(qerr, uerr, kinetic, potential, balance float64) {
	l := r.log
	l.Data = append(l.Data, r.t)
	l.Data = append(l.Data, r.d.Q...)
	l.Data = append(l.Data, r.d.Kin.Ell...)
	l.Data = append(l.Data, r.cmd.F...)
	l.Data = append(l.Data, qerr, uerr, kinetic, potential, r.work, r.dissipated, balance)
	for i, p := range r.opts.Probes {
		start := len(l.Data)
		l.Data = append(l.Data, make([]float64, r.width[i])...)
		p.Sample(&r.st, r.d, &r.cmd, l.Data[start:])
	}
}

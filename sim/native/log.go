//go:build mujoco

package native

import (
	"fmt"

	"github.com/robocompiler/robocompiler/sim"
)

// newLog names the columns of a native run.
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
	cols = append(cols, "gap_native")
	for _, s := range r.opts.Sites {
		cols = append(cols, fmt.Sprintf("site:%s[0]", s), fmt.Sprintf("site:%s[1]", s), fmt.Sprintf("site:%s[2]", s))
	}
	for _, p := range r.opts.Probes {
		r.width = append(r.width, len(p.Columns()))
		cols = append(cols, p.Columns()...)
	}
	return &sim.Log{Columns: cols}
}

// record appends the mapped state, the ports, the command, the native gap, the sites
// and the probes.
func (r *runner) record(gap float64) error {
	l := r.log
	l.Data = append(l.Data, r.t)
	l.Data = append(l.Data, r.d.Q...)
	l.Data = append(l.Data, r.d.Kin.Ell...)
	l.Data = append(l.Data, r.cmd.F...)
	l.Data = append(l.Data, gap)
	for _, id := range r.siteID {
		x, err := r.data.SitePos(id)
		if err != nil {
			return err
		}
		l.Data = append(l.Data, x[:]...)
	}
	for i, p := range r.opts.Probes {
		start := len(l.Data)
		l.Data = append(l.Data, make([]float64, r.width[i])...)
		p.Sample(&r.st, r.d, &r.cmd, l.Data[start:])
	}
	return nil
}

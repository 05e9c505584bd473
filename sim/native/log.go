//go:build mujoco

package native

import (
	"fmt"

	"github.com/robocompiler/robocompiler/sim"
)

// newLog names the columns of a native run.
func (r *runner) newLog() *sim.Log {
	cols := sim.EngineColumns(r.d)
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

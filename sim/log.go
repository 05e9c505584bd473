package sim

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/robocompiler/robocompiler"
)

// Probe adds task-specific columns to the log (platform position error, reference
// values, ...). Sample is called at every logged state with the workspace (interfaces
// evaluated there) and the controller's command; it writes len(Columns()) values into out and must
// not allocate if the rollout is to stay allocation-free.
type Probe interface {
	Columns() []string
	Sample(s *State, d *robocompiler.Data, cmd *Command, out []float64)
}

// Log is the table of logged rows, row-major in Data: one row per logged state, with the
// columns named in Columns:
//
//	t                                   time, s
//	q:<coordinate>   (NQ)               configuration (joint id, or id[k] for multi-coordinate joints)
//	v:<coordinate>   (NV)               physical velocity v = E u (m/s, rad/s)
//	u[k]             (D at the start)   independent speeds of the current partition
//	                                    (NaN beyond the current mobility after a mode change)
//	ell:<port>, f:<port>  (nf each)     port displacements (m, rad) and the efforts the
//	                                    drives apply (N, N·m; port friction excluded)
//	c:<port>  (nf, with drives only)    the controller's commands (N, N·m)
//	gap_m, gap_rad                      largest translational / other closure residual |ρ|
//	kinetic_J, potential_J              kinetic and gravitational potential energy
//	work_J                              work of the drives' port efforts and the external
//	                                    wrenches so far
//	dissipated_J                        energy dissipated by joint and port damping and
//	                                    friction so far
//	balance_J                           kinetic + potential − work + dissipated (constant
//	                                    up to integration error)
//
// followed by every probe's columns.
type Log struct {
	Columns []string
	Data    []float64
}

// newLog names the columns of s's rollout.
func newLog(s *Sim) *Log {
	m := s.d.Model()
	qn := make([]string, m.NQ)
	for _, j := range m.Joints {
		for k := range j.NQ {
			if j.NQ == 1 {
				qn[j.Q0] = j.ID
			} else {
				qn[j.Q0+k] = fmt.Sprintf("%s[%d]", j.ID, k)
			}
		}
	}
	cols := []string{"t"}
	for _, n := range qn {
		cols = append(cols, "q:"+n)
	}
	for _, n := range m.CoordinateNames() {
		cols = append(cols, "v:"+n)
	}
	s.logU = len(s.u)
	for k := range s.u {
		cols = append(cols, fmt.Sprintf("u[%d]", k))
	}
	for _, p := range s.d.Kin.Ports {
		cols = append(cols, "ell:"+p.ID)
	}
	for _, p := range s.d.Kin.Ports {
		cols = append(cols, "f:"+p.ID)
	}
	if s.drv.any() {
		for _, p := range s.d.Kin.Ports {
			cols = append(cols, "c:"+p.ID)
		}
	}
	cols = append(cols, "gap_m", "gap_rad", "kinetic_J", "potential_J", "work_J", "dissipated_J", "balance_J")
	s.probeWidth = make([]int, len(s.opts.Probes))
	for i, p := range s.opts.Probes {
		s.probeWidth[i] = len(p.Columns())
		cols = append(cols, p.Columns()...)
	}
	return &Log{Columns: cols}
}

// reserve grows the capacity of Data for n more rows.
func (l *Log) reserve(n int) {
	need := len(l.Data) + n*len(l.Columns)
	if cap(l.Data) < need {
		d := make([]float64, len(l.Data), need)
		copy(d, l.Data)
		l.Data = d
	}
}

// Rows returns the number of logged rows.
func (l *Log) Rows() int { return len(l.Data) / len(l.Columns) }

// Row returns row i (aliases Data).
func (l *Log) Row(i int) []float64 {
	n := len(l.Columns)
	return l.Data[i*n : (i+1)*n]
}

// Index returns the index of the named column, or -1.
func (l *Log) Index(name string) int {
	for i, c := range l.Columns {
		if c == name {
			return i
		}
	}
	return -1
}

// Column returns a copy of the named column, or an error naming the column.
func (l *Log) Column(name string) ([]float64, error) {
	c := l.Index(name)
	if c < 0 {
		return nil, fmt.Errorf("sim: log has no column %q", name)
	}
	out := make([]float64, l.Rows())
	for i := range out {
		out[i] = l.Row(i)[c]
	}
	return out, nil
}

// WriteCSV writes the log as CSV: a header of column names, then one line per row with
// every value in the shortest form that reads back bit-identically.
func (l *Log) WriteCSV(w io.Writer) error {
	b := bufio.NewWriter(w)
	for i, c := range l.Columns {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(c)
	}
	b.WriteByte('\n')
	var buf []byte
	for r := range l.Rows() {
		for i, x := range l.Row(r) {
			if i > 0 {
				b.WriteByte(',')
			}
			buf = strconv.AppendFloat(buf[:0], x, 'g', -1, 64)
			b.Write(buf)
		}
		b.WriteByte('\n')
	}
	return b.Flush()
}

// record appends the current state as a row; the interfaces, command and powers are
// those of the derivative evaluation just made at this state.
func (s *Sim) record() {
	k, l, q := s.d.Kin, s.log, s.d.Q
	l.Data = append(l.Data, s.t)
	l.Data = append(l.Data, q...)
	l.Data = append(l.Data, k.V...)
	for i := range s.logU {
		x := math.NaN()
		if i < len(s.u) {
			x = s.u[i]
		}
		l.Data = append(l.Data, x)
	}
	l.Data = append(l.Data, k.Ell...)
	l.Data = append(l.Data, s.f...)
	if s.drv.any() {
		l.Data = append(l.Data, s.cmd.F...)
	}
	gm, gr := s.gap()
	kinetic := k.Dyn.KineticEnergy(q, k.V)
	potential := k.Dyn.PotentialEnergy(q)
	l.Data = append(l.Data, gm, gr, kinetic, potential, s.work, s.dissipated, kinetic+potential-s.work+s.dissipated)
	for i, p := range s.opts.Probes {
		start := len(l.Data)
		for range s.probeWidth[i] {
			l.Data = append(l.Data, 0)
		}
		p.Sample(&s.st, s.d, &s.cmd, l.Data[start:])
	}
}

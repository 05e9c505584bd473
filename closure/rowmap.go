package closure

import "github.com/robocompiler/robocompiler/spatial"

// PlaceComparisons makes every comparison's row map current at q (len NQ): it keeps the
// placement of the last evaluation when that was at q bit for bit (Residual, Jacobian,
// Drift or DriftOnly there) and otherwise evaluates the residual at q. It is the
// precondition of ComparisonRates and ComparisonDrift, for solvers that take the closure
// rows in maximal coordinates (package kkt) without forming the Jacobian C.
func (d *Data) PlaceComparisons(q []float64) {
	d.place(q, true)
	for ci := range d.comps {
		if d.comps[ci].gen != d.gen {
			d.eval(q, nil, false, true)
			return
		}
	}
}

// ComparisonRates writes the rate map of comparison ci at the placement of the last
// PlaceComparisons: rates[k] (len Rows() of the comparison) is the row vector such that
// row k's rate is rates[k]·V for the relative twist V of frame Fb with respect to frame
// Fa (after the retained cut joint, if any), expressed in Fa (rad/s first, then m/s). A
// column of C is rates·(its relative twist), so C v = rates·V(v).
func (d *Data) ComparisonRates(ci int, rates []spatial.Vec6) {
	rf := &d.comps[ci].rf
	n := d.m.Comparisons[ci].Rows()
	for j := range 6 {
		var e spatial.Vec6
		e[j] = 1
		rf.rate(e, d.rows[:n])
		for k := range n {
			rates[k][j] = d.rows[k]
		}
	}
}

// ComparisonDrift writes the acceleration of comparison ci's rows (len Rows()) that the
// relative twist V (as for ComparisonRates) produces at zero relative acceleration: the
// rows' acceleration is rates·V̇ + out for a relative acceleration V̇ in Fa.
func (d *Data) ComparisonDrift(ci int, V spatial.Vec6, out []float64) {
	d.comps[ci].rf.accel(V, spatial.Vec6{}, out)
}

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
	n := d.m.Comparisons[ci].Rows()
	h := d.rateAd[:6*n]
	d.comps[ci].rf.rateMatrix(&identity, h) // the rate map itself: the twist in Fa
	for k := range n {
		copy(rates[k][:], h[6*k:6*k+6])
	}
}

// identity is the identity transform, for rateMatrix in frame A.
var identity = spatial.Identity()

// ComparisonDrift writes the acceleration of comparison ci's rows (len Rows()) that the
// relative twist V (as for ComparisonRates) produces at zero relative acceleration: the
// rows' acceleration is rates·V̇ + out for a relative acceleration V̇ in Fa.
func (d *Data) ComparisonDrift(ci int, V spatial.Vec6, out []float64) {
	d.comps[ci].rf.accel(&V, &spatial.Vec6{}, out)
}

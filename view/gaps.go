package view

import (
	"math"

	"github.com/robocompiler/robocompiler/compile"
)

// Gap is the largest residual of a cut's rows: translational (m) and rotational (rad).
type Gap struct {
	M   float64 `json:"m"`
	Rad float64 `json:"rad"`
}

// gapOf is the largest residual of rows [r0, r0+n) of rho; lin marks the rows in m.
func gapOf(rho []float64, lin []bool, r0, n int) Gap {
	var g Gap
	for r := r0; r < r0+n; r++ {
		if lin[r] {
			g.M = max(g.M, math.Abs(rho[r]))
		} else {
			g.Rad = max(g.Rad, math.Abs(rho[r]))
		}
	}
	return g
}

// cutGaps returns each comparison's gap, in comparison order.
func cutGaps(m *compile.Model, rho []float64, lin []bool) []Gap {
	out := make([]Gap, len(m.Comparisons))
	for i, c := range m.Comparisons {
		out[i] = gapOf(rho, lin, c.Row, c.Rows())
	}
	return out
}

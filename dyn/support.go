package dyn

import (
	"github.com/robocompiler/robocompiler/compile"
)

// SupportModel returns the support mode of m at the configuration q (len NQ): each name
// is a point site (an ideal point foot: 3 rows keeping the point where it is now) or a
// frame site or moving body (an ideal sole: a 6-row weld keeping the frame where it is
// now), anchored to the ground at its pose at q (compile.Model.WithSupports). q stays
// feasible, and the mode has its own closure, partition and lift with the same
// coordinates as m; nothing is recompiled.
func SupportModel(m *compile.Model, q []float64, names []string) (*compile.Model, error) {
	d := NewData(m)
	d.checkQ("dyn: SupportGraph", q)
	d.positions(q)
	supports := make([]compile.Support, len(names))
	for i, name := range names {
		node, frame, _, err := m.SupportFrame(name)
		if err != nil {
			return nil, err
		}
		supports[i] = compile.Support{Name: name, Anchor: d.pose[node].Mul(frame)}
	}
	return m.WithSupports(supports)
}

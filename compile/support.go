package compile

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/robocompiler/robocompiler/spatial"
)

// SupportPrefix starts the id of every support cut WithSupports adds.
const SupportPrefix = "support:"

// Support is an ideal support anchored to the ground: Name is a point site (an ideal
// point foot, 3 rows) or a frame site or moving body (an ideal sole, a 6-row weld), and
// Anchor is the ground pose the support frame is held at (ground ← support frame, m).
type Support struct {
	Name   string
	Anchor spatial.Transform
}

// SupportFrame resolves a support name to its body node, its frame in that body (support
// frame → body coordinates) and its row kind: RowsPoint for a point site, RowsWeld for a
// frame site or a moving body.
func (m *Model) SupportFrame(name string) (int, spatial.Transform, RowKind, error) {
	if s := m.Site(name); s != nil {
		if s.Node <= Ground {
			return 0, spatial.Transform{}, 0, fmt.Errorf("support %q: site on body %q, which is not a moving body", name, m.Node(s.Node))
		}
		kind := RowsWeld
		if s.Kind == SitePoint {
			kind = RowsPoint
		}
		return s.Node, s.Frame, kind, nil
	}
	if n := m.BodyNode(name); n > Ground {
		return n, spatial.Identity(), RowsWeld, nil
	}
	return 0, spatial.Transform{}, 0, fmt.Errorf("support %q: no site or moving body with that id", name)
}

// WithSupports returns the support mode of m: a model with the same bodies, joints,
// forest, coordinates, ports and sites (shared, not copied) whose closure also holds each
// support at its anchor, as a ground-anchored cut "support:<name>" compared like a
// declared loop cut. Declared and support cuts follow the cut joints in id order, then
// the couplings; Rows, CycleRank and the comparisons' rows are renumbered. The forest is
// not recomputed. The returned model's Graph is m's source records, without the supports.
func (m *Model) WithSupports(supports []Support) (*Model, error) {
	s := *m
	s.Comparisons = make([]Comparison, len(m.Comparisons), len(m.Comparisons)+len(supports))
	copy(s.Comparisons, m.Comparisons)
	for _, sp := range supports {
		node, frame, kind, err := m.SupportFrame(sp.Name)
		if err != nil {
			return nil, err
		}
		s.Comparisons = append(s.Comparisons, m.completed(Comparison{ID: SupportPrefix + sp.Name, Source: "loop_cut",
			Kind: kind, Joint: -1, NodeA: Ground, NodeB: node, FrameA: sp.Anchor, FrameB: frame}))
	}
	// The cut joints' comparisons come first; the declared cuts after them are in id order.
	cuts := slices.IndexFunc(s.Comparisons, func(c Comparison) bool { return c.Source != "joint" })
	if cuts >= 0 {
		slices.SortStableFunc(s.Comparisons[cuts:], func(a, b Comparison) int { return cmp.Compare(a.ID, b.ID) })
	}
	s.Couplings = slices.Clone(m.Couplings)
	s.numberRows()
	return &s, nil
}

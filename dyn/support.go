package dyn

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// SupportPrefix starts the id of every loop cut SupportGraph adds.
const SupportPrefix = "support:"

// SupportGraph returns a copy of m's graph with a support mode added: each entry of
// supports names a point site (an ideal point foot: 3 rows keeping the point where it is
// now) or a frame site or body (an ideal sole: a 6-row weld keeping the frame where it is
// now). The supports are anchored to the ground at their poses at the configuration q
// (len NQ), as declared loop cuts "support:<name>", so q stays feasible for the new
// graph and compiling it gives the support mode's own closure, partition and lift with the
// same coordinates as m.
func SupportGraph(m *compile.Model, q []float64, supports []string) (*cmg.Graph, error) {
	d := NewData(m)
	d.checkQ("dyn: SupportGraph", q)
	d.positions(q)
	g := m.Graph.Clone()
	ground := g.GroundName()
	for _, name := range supports {
		node, frame, kind, err := supportFrame(m, name)
		if err != nil {
			return nil, err
		}
		w := d.pose[node].Mul(frame)
		quat := [4]float64(spatial.QuatFromMat3(w.R))
		fq := [4]float64(spatial.QuatFromMat3(frame.R))
		g.LoopCuts = append(g.LoopCuts, cmg.LoopCut{
			ID: SupportPrefix + name, Type: kind,
			BodyA: ground, FrameA: cmg.Frame{Pos: w.P, Quat: &quat},
			BodyB: m.Node(node), FrameB: cmg.Frame{Pos: frame.P, Quat: &fq},
		})
	}
	return g, nil
}

// supportFrame resolves a support name to its body node, its frame in that body and the
// loop-cut type ("point" or "weld").
func supportFrame(m *compile.Model, name string) (int, spatial.Transform, string, error) {
	if s := m.Graph.Site(name); s != nil {
		n := m.BodyNode(s.Body)
		if n <= compile.Ground {
			return 0, spatial.Transform{}, "", fmt.Errorf("support %q: site on body %q, which is not a moving body", name, s.Body)
		}
		kind := "weld"
		if s.Kind == cmg.SitePoint {
			kind = "point"
		}
		return n, s.Frame.Transform(), kind, nil
	}
	if n := m.BodyNode(name); n > compile.Ground {
		return n, spatial.Identity(), "weld", nil
	}
	return 0, spatial.Transform{}, "", fmt.Errorf("support %q: no site or moving body with that id", name)
}

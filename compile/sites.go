package compile

import (
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// SiteKind says what a site marks.
type SiteKind uint8

// Site kinds.
const (
	SitePoint SiteKind = iota // a point (task or contact point): its position matters
	SiteFrame                 // a frame (tool frame): its full pose matters
)

// Site is a compiled task or contact site: a frame fixed to a body.
type Site struct {
	ID   string
	Kind SiteKind
	// Node is the body node (or Ground) the site is fixed to; Frame the site frame in
	// that node (site coordinates → body coordinates, m).
	Node  int
	Frame spatial.Transform
}

// buildSites compiles the site records in record order.
func (m *Model) buildSites() error {
	m.Sites = make([]Site, len(m.Graph.Sites))
	for i := range m.Graph.Sites {
		r := &m.Graph.Sites[i]
		n := m.BodyNode(r.Body)
		if n < 0 {
			return m.errorf("site", r.ID, "body", "unknown body %q", r.Body)
		}
		kind := SiteFrame
		if r.Kind == cmg.SitePoint {
			kind = SitePoint
		}
		m.Sites[i] = Site{ID: r.ID, Kind: kind, Node: n, Frame: r.Frame.Transform()}
	}
	return nil
}

// Site returns the site with the given id, or nil.
func (m *Model) Site(id string) *Site {
	for i := range m.Sites {
		if m.Sites[i].ID == id {
			return &m.Sites[i]
		}
	}
	return nil
}

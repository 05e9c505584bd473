package mjcf

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// siteInfo records an MJCF site: its CMG body and its frame in that body.
type siteInfo struct {
	body string
	X    spatial.Transform
	n    *node
}

// attachSites imports the <site> elements of a body, and its named sphere geoms as
// point sites at their centres, on CMG body id.
func (b *builder) attachSites(sites []placed, geoms []*geom, id string) error {
	for _, sp := range sites {
		n := sp.n
		a, err := b.resolve(n, "site", sp.class)
		if err != nil {
			return err
		}
		b.checkAttrs(n, "site")
		local, oriented, err := b.pose(a)
		if err != nil {
			return err
		}
		b.nsite++
		name := n.Name()
		if name == "" {
			name = b.uniqueSiteID(fmt.Sprintf("site%d", b.nsite-1))
		} else if b.siteIDs[name] {
			return errAt(n, "name", "site name %q is used twice", name)
		}
		b.siteIDs[name] = true
		X := sp.frame.Mul(local)
		b.sites[name] = &siteInfo{body: id, X: X, n: n}
		b.addSite(name, id, X, oriented || !isIdentity(X.R))
	}
	for _, g := range geoms {
		name := g.n.Name()
		if name == "" || g.typ != "sphere" {
			continue
		}
		if b.siteIDs[name] || b.reservedSites[name] {
			id := b.uniqueSiteID(name + "__geom")
			b.warn(g.n, "a site is already named %q; the geom's point site is named %q", name, id)
			name = id
		}
		b.siteIDs[name] = true
		b.addSite(name, id, spatial.Transform{R: spatial.Identity3(), P: g.X.P}, false)
	}
	return nil
}

// uniqueSiteID returns base, or base with a numeric suffix, unused and not reserved as a
// site id.
func (b *builder) uniqueSiteID(base string) string {
	id := base
	for i := 2; b.siteIDs[id] || b.reservedSites[id]; i++ {
		id = fmt.Sprintf("%s_%d", base, i)
	}
	return id
}

// addSite appends a CMG site: a frame site when oriented, else a point site.
func (b *builder) addSite(id, body string, X spatial.Transform, oriented bool) {
	s := cmg.Site{ID: id, Kind: cmg.SitePoint, Body: body, Frame: cmg.Frame{Pos: [3]float64(X.P)}}
	if oriented {
		s.Kind = cmg.SiteFrame
		s.Frame = cmgFrame(X)
		if s.Frame.Quat == nil {
			q := [4]float64{1, 0, 0, 0}
			s.Frame.Quat = &q
		}
	}
	b.g.Sites = append(b.g.Sites, s)
}

package compile_test

import (
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestSitesAndSupportFrames: sites compile in record order with their node and frame,
// and resolve as supports (point → 3 rows, frame or body → weld); a site on the ground
// or an unknown name is no support.
func TestSitesAndSupportFrames(t *testing.T) {
	g := builtin(t, "fourbar")
	g.Sites = append(g.Sites, cmg.Site{ID: "anchor", Kind: cmg.SiteFrame, Body: "world", Frame: at(0.1, 0, 0)})
	m := mustCompile(t, g, compile.Options{})
	if len(m.Sites) != 2 || m.Sites[0].ID != "coupler_mid" || m.Sites[1].ID != "anchor" {
		t.Fatalf("sites %+v, want coupler_mid then anchor", m.Sites)
	}
	s := m.Site("coupler_mid")
	if s == nil || s.Kind != compile.SitePoint || s.Node != m.BodyNode("coupler") || s.Frame != g.Sites[0].Frame.Transform() {
		t.Fatalf("coupler_mid compiled to %+v", s)
	}
	if m.Site("nope") != nil {
		t.Error("an unknown site was found")
	}
	for _, tc := range []struct {
		name string
		node int
		kind compile.RowKind
		err  string
	}{
		{"coupler_mid", m.BodyNode("coupler"), compile.RowsPoint, ""},
		{"rocker", m.BodyNode("rocker"), compile.RowsWeld, ""},
		{"anchor", 0, 0, `support "anchor": site on body "world", which is not a moving body`},
		{"world", 0, 0, `support "world": no site or moving body with that id`},
	} {
		n, frame, kind, err := m.SupportFrame(tc.name)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("%s: error %q, want %q", tc.name, got, tc.err)
			continue
		}
		if err == nil && (n != tc.node || kind != tc.kind) {
			t.Errorf("%s: node %d kind %s, want %d %s", tc.name, n, kind, tc.node, tc.kind)
		}
		if tc.name == "rocker" && frame != spatial.Identity() {
			t.Errorf("a body support's frame is %+v, want the identity", frame)
		}
	}
}

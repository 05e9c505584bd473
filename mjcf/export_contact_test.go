package mjcf_test

import (
	"bytes"
	"encoding/xml"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/internal/xmltree"
	"github.com/robocompiler/robocompiler/mjcf"
)

// contactDoc reads back the parts of an exported document that contacts change.
type contactDoc struct {
	Option struct {
		Cone     string `xml:"cone,attr"`
		ImpRatio string `xml:"impratio,attr"`
	} `xml:"option"`
	World contactBody `xml:"worldbody"`
}

type contactBody struct {
	Name   string        `xml:"name,attr"`
	Geoms  []contactGeom `xml:"geom"`
	Bodies []contactBody `xml:"body"`
}

type contactGeom struct {
	Name     string `xml:"name,attr"`
	Type     string `xml:"type,attr"`
	Size     string `xml:"size,attr"`
	Pos      string `xml:"pos,attr"`
	Friction string `xml:"friction,attr"`
	SolRef   string `xml:"solref,attr"`
}

// TestExportContacts: the Go2 exported with contacts has a floor plane at FloorZ in the
// world and a foot sphere of the given radius at each foot site, in the site's body and
// at its position, with the friction and the default softness; the cone options are
// written; an unknown site or a non-positive radius is an error, and without contacts
// there are no geoms.
func TestExportContacts(t *testing.T) {
	m := testfix.Compile(t, sharedGraph(testmodels.Go2)(t), compile.Options{})
	q, _ := assembleOrFail(t, m, "home")
	feet := []string{"FL", "FR", "RL", "RR"}
	c := &mjcf.ContactOptions{FloorZ: -0.25, Sites: feet, Radius: 0.022, Friction: [3]float64{0.8, 0.02, 0.01},
		Elliptic: true, ImpRatio: 100}
	var buf bytes.Buffer
	if err := mjcf.Export(m, q, &buf, mjcf.ExportOptions{Contacts: c}); err != nil {
		t.Fatal(err)
	}
	var doc contactDoc
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Option.Cone != "elliptic" || doc.Option.ImpRatio != "100" {
		t.Errorf("option cone %q impratio %q", doc.Option.Cone, doc.Option.ImpRatio)
	}
	want := contactGeom{Name: "floor", Type: "plane", Size: "0 0 1", Pos: "0 0 -0.25", Friction: "0.8 0.02 0.01", SolRef: "0.02 1"}
	if len(doc.World.Geoms) != 1 || doc.World.Geoms[0] != want {
		t.Errorf("world geoms %+v, want %+v", doc.World.Geoms, want)
	}
	found := map[string]bool{}
	var walk func(b contactBody)
	walk = func(b contactBody) {
		for _, g := range b.Geoms {
			site := m.Graph.Site(g.Name[:2])
			if site == nil || g.Name != site.ID+"__contact" || g.Type != "sphere" || g.Size != "0.022" || b.Name != site.Body {
				t.Errorf("body %q: unexpected geom %+v", b.Name, g)
				continue
			}
			if p := site.Frame.Transform().P; g.Pos != xmltree.Nums(p[0], p[1], p[2]) {
				t.Errorf("geom %s at %q, site at %v", g.Name, g.Pos, p)
			}
			found[site.ID] = true
		}
		for _, c := range b.Bodies {
			walk(c)
		}
	}
	for _, b := range doc.World.Bodies {
		walk(b)
	}
	if len(found) != len(feet) {
		t.Errorf("foot spheres at %v, want %v", found, feet)
	}
	for _, bad := range []*mjcf.ContactOptions{{Sites: []string{"nose"}, Radius: 0.01}, {Sites: feet}} {
		if err := mjcf.Export(m, q, &bytes.Buffer{}, mjcf.ExportOptions{Contacts: bad}); err == nil {
			t.Errorf("contacts %+v accepted", bad)
		}
	}
	buf.Reset()
	if err := mjcf.Export(m, q, &buf, mjcf.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte("<geom")) {
		t.Error("an export without contacts has geoms")
	}
}

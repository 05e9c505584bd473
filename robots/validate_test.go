package robots

import (
	"reflect"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
)

// checkCMG validates g with package cmg, checks its encoding against the JSON schema and
// checks that the encoding parses back to an equal graph.
func checkCMG(t *testing.T, name string, g *cmg.Graph) {
	t.Helper()
	if err := g.Validate(); err != nil {
		t.Errorf("%s: Validate: %v", name, err)
		return
	}
	b, err := g.Marshal()
	if err != nil {
		t.Errorf("%s: Marshal: %v", name, err)
		return
	}
	if err := cmg.CheckSchema(b); err != nil {
		t.Errorf("%s: CheckSchema: %v", name, err)
	}
	back, err := cmg.Parse(b, name)
	if err != nil {
		t.Errorf("%s: Parse(Marshal): %v", name, err)
		return
	}
	back.Source = g.Source
	if !reflect.DeepEqual(back, g) {
		t.Errorf("%s: Parse(Marshal(g)) differs from g", name)
	}
}

func TestModelsValidate(t *testing.T) {
	for _, name := range Names() {
		g, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		checkCMG(t, name, g)
	}
}

// TestValidateDetects makes sure the validation path reports a broken model.
func TestValidateDetects(t *testing.T) {
	g, _ := Get("stewart")
	g.Joints[3].BodyB = "plattform"
	if err := g.Validate(); err == nil {
		t.Error("a joint on an unknown body validated")
	}
}

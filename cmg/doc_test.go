package cmg

import (
	"bytes"
	"os"
	"testing"
)

// TestDocExample checks that the complete example in docs/cmg-format.md is
// testdata/fourbar.json, and that it is valid.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/cmg-format.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := bytes.Cut(doc, []byte("## Example: a planar four-bar"))
	if !ok {
		t.Fatal("the doc has no four-bar example section")
	}
	_, block, ok := bytes.Cut(after, []byte("```json\n"))
	if !ok {
		t.Fatal("the example section has no json block")
	}
	block, _, ok = bytes.Cut(block, []byte("```"))
	if !ok {
		t.Fatal("the json block is not closed")
	}
	if want := readTestdata(t, "fourbar.json"); !bytes.Equal(block, want) {
		t.Errorf("the doc's example differs from testdata/fourbar.json:\n%s", block)
	}
	g, err := Parse(block, "docs/cmg-format.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Bodies) != 3 || len(g.Joints) != 4 || len(g.Actuators) != 1 || len(g.Sites) != 1 ||
		len(g.Seeds) != 1 || len(g.PartitionRequests) != 1 {
		t.Errorf("the example is not ground + 3 bodies, 4 joints, 1 actuator, 1 site, 1 seed, 1 partition request")
	}
	for _, j := range g.Joints {
		if j.Type != JointRevolute {
			t.Errorf("joint %q is %s, want revolute", j.ID, j.Type)
		}
	}
}

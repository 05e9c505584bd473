package check

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/robots"
)

// Above ExtendedMaxNV velocity coordinates the extended-precision reference is skipped
// and the report says so; below, it is not.
func TestExtendedReferenceSkipped(t *testing.T) {
	for _, c := range []struct {
		links int
		skip  bool
	}{{10, false}, {ExtendedMaxNV + 1, true}} {
		m, err := robocompiler.Compile(robots.Chain(c.links), robocompiler.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := m.NewData()
		if err := d.Assemble(""); err != nil {
			t.Fatal(err)
		}
		rep, err := Run(d, Options{States: 1, Extended: true})
		if err != nil {
			t.Fatal(err)
		}
		if rep.ExtendedReferenceSkipped != c.skip {
			t.Fatalf("%d links: ExtendedReferenceSkipped = %v", c.links, rep.ExtendedReferenceSkipped)
		}
	}
}

package check

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/robots"
)

// Above DenseReferenceMaxNV velocity coordinates the dense (and extended-precision)
// reference is skipped and the report says so, naming the reference used instead; below,
// it is not.
func TestExtendedReferenceSkipped(t *testing.T) {
	for _, c := range []struct {
		links int
		skip  bool
		ref   string
	}{{10, false, RefDenseKKT}, {DenseReferenceMaxNV + 1, true, RefTreeRefinement}} {
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
		if rep.ExtendedReferenceSkipped != c.skip || rep.DynamicsReference != c.ref || (len(rep.Notes) > 0) != c.skip {
			t.Fatalf("%d links: ExtendedReferenceSkipped = %v, DynamicsReference %q, notes %q", c.links, rep.ExtendedReferenceSkipped,
				rep.DynamicsReference, rep.Notes)
		}
	}
}

package check_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/check"
)

// The paper's protocol against the KKT reference on the four-bar: median and largest
// δ_a over ten random feasible states (Simbody with -tags simbody: Reference "simbody").
func ExampleProtocol() {
	m, err := robocompiler.Load("fourbar", robocompiler.Options{})
	if err != nil {
		panic(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		panic(err)
	}
	rep, err := check.Protocol(d, check.ProtocolOptions{Reference: check.RefKKT, States: 10, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.States, rep.DeltaAMax < 1e-10, len(rep.Failures()))
	// Output: 10 true 0
}

package check_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/check"
)

// Import an MJCF model (Menagerie's Panda, from ../shared/models) and hold it to the
// consistency witnesses at random feasible states around its "home" keyframe.
func Example() {
	m, err := robocompiler.Load("../../shared/models/menagerie/franka_emika_panda/panda.xml", robocompiler.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := m.NewData()
	if err := d.Assemble("home"); err != nil {
		fmt.Println(err)
		return
	}
	rep, err := check.Run(d, check.Options{States: 3, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d states, mobility %d, failures %v\n", rep.States, rep.Mobility, rep.Failures())
	fmt.Printf("δ_a below 1e-11: %v\n", rep.DeltaAMax < 1e-11)
	// Output:
	// 3 states, mobility 8, failures []
	// δ_a below 1e-11: true
}

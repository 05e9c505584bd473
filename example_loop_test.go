package robocompiler_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/robots"
)

// A model with loops of more than LoopFormMin velocities takes the loop form: the
// interfaces and the forward dynamics are solved in maximal coordinates in O(n), and
// M_T and M_r are not formed (DenseReducedMass still forms M_r on request).
func ExampleData_LoopForm() {
	m, err := robocompiler.Compile(robots.FourBarLadder(100), robocompiler.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		fmt.Println(err)
		return
	}
	u := make([]float64, d.Mobility())
	u[0] = 1 // one independent speed, rad/s
	if err := d.SetState(u, nil); err != nil {
		fmt.Println(err)
		return
	}
	if err := d.Forward(nil, nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d velocities, mobility %d, loop form %v, M_r formed %v\n",
		m.NV, d.Mobility(), d.LoopForm(), d.Reduced.Mr != nil)
	// Output:
	// 400 velocities, mobility 100, loop form true, M_r formed false
}

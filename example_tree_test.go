package robocompiler_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/robots"
)

// A loop-free model of more than closure.DenseIdentityMax velocities takes the tree form:
// no dense E, M_T or M_r (the workspace is linear in the size), forward dynamics by the
// articulated-body algorithm; DenseReducedMass still forms M_r on request.
func ExampleData_DenseReducedMass() {
	m, err := robocompiler.Compile(robots.Chain(1000), robocompiler.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		fmt.Println(err)
		return
	}
	if err := d.Forward(nil, nil); err != nil { // at rest under gravity
		fmt.Println(err)
		return
	}
	fmt.Printf("tree form %v, E formed %v, workspace estimate %.1f MB\n",
		d.Reduced.Tree, !d.Lift().IdentityOnly(), float64(m.WorkspaceBytes())/1e6)
	n := d.Mobility()
	mr := make([]float64, n*n) // 8 MB, only because it is asked for
	if err := d.DenseReducedMass(mr); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("M_r is %d × %d, M_r[0][0] = %.0f kg·m²\n", n, n, mr[0])
	// Output:
	// tree form true, E formed false, workspace estimate 8.2 MB
	// M_r is 1000 × 1000, M_r[0][0] = 333333 kg·m²
}

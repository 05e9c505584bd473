package robocompiler_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
)

// The partial derivatives of the four-bar's reduced forward dynamics at a moving state
// (crank at 1 rad/s, 0.05 N·m on the crank motor), and of its inverse dynamics at the
// same state: the inverse partials undo the forward ones (∂f/∂u̇ · ∂u̇/∂f = 1).
func ExampleData_ForwardDerivatives() {
	m, err := robocompiler.Load("fourbar", robocompiler.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		fmt.Println(err)
		return
	}
	if err := d.SetState([]float64{1}, nil); err != nil {
		fmt.Println(err)
		return
	}
	w := d.NewDerivatives()
	if err := d.ForwardDerivatives(w, []float64{0.05}, nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("∂u̇/∂q %.4g 1/s², ∂u̇/∂u %.4g 1/s, ∂u̇/∂f %.4g\n", w.DUdotDq[0], w.DUdotDU[0], w.DUdotDf[0])
	if err := d.SetState(d.U, []float64{d.Udot[0]}); err != nil {
		fmt.Println(err)
		return
	}
	if err := d.InverseDerivatives(w, nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("f = %.4f N·m, ∂f/∂u̇ · ∂u̇/∂f = %.6f\n", w.F[0], w.DfDUdot[0]*w.DUdotDf[0])
	// Output:
	// ∂u̇/∂q 164.1 1/s², ∂u̇/∂u -1.492 1/s, ∂u̇/∂f 183.8
	// f = 0.0500 N·m, ∂f/∂u̇ · ∂u̇/∂f = 1.000000
}

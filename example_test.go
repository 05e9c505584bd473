package robocompiler_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
)

// The pipeline on the built-in excavator: load and compile, assemble from the default
// seed under the joint-space partition, and run the forward dynamics at rest under
// gravity with the cylinders' efforts at zero.
func Example() {
	m, err := robocompiler.Load("excavator", robocompiler.Options{Partition: "joint_space"})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		fmt.Println(err)
		return
	}
	if err := d.Forward(make([]float64, len(d.Kin.Ports)), nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mobility %d, closure gap below 1e-12 m: %v\n", d.Mobility(), d.Assembly.GapM < 1e-12)
	fmt.Printf("rank %d of %d rows\n", d.Partition().Rank, m.Rows)
	fmt.Printf("u̇[0] = %.4f rad/s²\n", d.Udot[0])
	// Output:
	// mobility 7, closure gap below 1e-12 m: true
	// rank 25 of 54 rows
	// u̇[0] = -0.0065 rad/s²
}

// The stages one at a time on the four-bar: compile, assemble, the lift E (v = E u), then
// the reduced dynamics M_r = E_Tᵀ M_T E_T and h_r at a moving state.
func Example_stages() {
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
	E := d.Lift().E
	r, c := E.Dims()
	fmt.Printf("lift E: %d×%d, independent %s\n", r, c, m.CoordinateNames()[d.Partition().Independent[0]])
	if err := d.SetState([]float64{1}, nil); err != nil { // 1 rad/s on the crank
		fmt.Println(err)
		return
	}
	d.Interfaces()
	if err := d.Dynamics(nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("M_r = %.6f kg·m², h_r = %.6f N·m\n", d.Reduced.Mr[0], d.Reduced.Hr[0])
	// Output:
	// lift E: 4×1, independent crank_pivot
	// M_r = 0.005440 kg·m², h_r = 0.189942 N·m
}

// An imported MJCF model (Menagerie's Panda, from ../shared/models): assemble from its
// "home" keyframe and run the forward dynamics at rest with the motors off (the arm falls
// under gravity); then the reduced inverse dynamics at rest gives the efforts that hold it.
func Example_mjcf() {
	m, err := robocompiler.Load("../shared/models/menagerie/franka_emika_panda/panda.xml", robocompiler.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := m.NewData()
	if err := d.Assemble("home"); err != nil {
		fmt.Println(err)
		return
	}
	if err := d.Forward(make([]float64, len(d.Kin.Ports)), nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mobility %d, %d ports\n", d.Mobility(), len(d.Kin.Ports))
	fmt.Printf("falling: u̇[1] = %.3f rad/s²\n", d.Udot[1])
	if err := d.SetState(make([]float64, d.Mobility()), make([]float64, d.Mobility())); err != nil {
		fmt.Println(err)
		return
	}
	if err := d.Inverse(nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("holding: τ_r[1] = %.3f N·m\n", d.TauR[1])
	// Output:
	// mobility 8, 8 ports
	// falling: u̇[1] = 2.213 rad/s²
	// holding: τ_r[1] = -29.356 N·m
}

// Moving the independent coordinates along the closure: the tracker keeps every loop
// closed while the Stewart platform's legs extend by 1 mm.
func ExampleData_Track() {
	m, err := robocompiler.Load("stewart", robocompiler.Options{Partition: "lengths"})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		fmt.Println(err)
		return
	}
	du := make([]float64, d.Mobility())
	for i := range du {
		du[i] = 1e-3
	}
	if err := d.Track(du); err != nil {
		fmt.Println(err)
		return
	}
	gap := 0.0
	for _, r := range d.Closure().Rho {
		gap = max(gap, r, -r)
	}
	fmt.Printf("mobility %d, closure residual below 1e-12: %v\n", d.Mobility(), gap < 1e-12)
	// Output:
	// mobility 6, closure residual below 1e-12: true
}

//go:build simbody

package simbody_test

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/backend/simbody"
)

// Rebuild the assembled four-bar in Simbody and solve its constrained forward dynamics
// at rest under gravity alone; the reduced dynamics give the same tree accelerations.
func ExampleBuild() {
	m, err := robocompiler.Load("fourbar", robocompiler.Options{})
	if err != nil {
		panic(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		panic(err)
	}
	s, err := simbody.Build(m.Model)
	if err != nil {
		panic(err)
	}
	defer s.Close()
	a := make([]float64, m.NVT)
	if err := s.SetState(0, d.Q, d.V); err != nil {
		panic(err)
	}
	if err := s.Accelerations(make([]float64, m.NVT), nil, a); err != nil {
		panic(err)
	}
	if err := d.Dynamics(nil); err != nil {
		panic(err)
	}
	if err := d.Accelerations(make([]float64, len(d.Kin.Ports)), nil); err != nil {
		panic(err)
	}
	diff := 0.0
	for i := range a {
		diff = math.Max(diff, math.Abs(a[i]-d.A[i]))
	}
	fmt.Println(s.ConstraintRows(), diff < 1e-12)
	// Output: 5 true
}

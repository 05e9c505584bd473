package sim_test

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/sim"
)

// A four-bar whose independent coordinate is its rocker angle falls from rest through
// the rocker's dead centre: the rollout switches to the crank angle there and logs the
// switch; with reconfiguration off it stops there instead.
func ExampleSim_Events() {
	rollout := func(policy sim.ReconfigurePolicy) (*sim.Sim, error) {
		g, err := robots.Get("fourbar")
		if err != nil {
			return nil, err
		}
		g.PartitionRequests["rocker"] = []string{"rocker_pivot"}
		m, err := robocompiler.Compile(g, robocompiler.Options{Partition: "rocker",
			Tracking: closure.TrackerOptions{RCondTol: 1e-2}}) // switch a few steps before the fold
		if err != nil {
			return nil, err
		}
		d := m.NewData()
		if err := d.Assemble(""); err != nil {
			return nil, err
		}
		s, err := sim.New(d, nil, sim.Options{Dt: 1e-3, Integrator: sim.RK4, Reconfigure: policy})
		if err != nil {
			return nil, err
		}
		return s, s.Run(500)
	}
	s, err := rollout(sim.ReconfigureOn)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range s.Events() {
		fmt.Printf("t = %.2f s: %v → %v\n", e.T, e.From, e.To)
	}
	_, err = rollout(sim.ReconfigureOff)
	var sp *sim.SingularPartitionError
	if errors.As(err, &sp) {
		fmt.Printf("off: %v singular at t = %.2f s\n", sp.Independent, sp.T)
	}
	// Output:
	// t = 0.11 s: [rocker_pivot] → [crank_pivot]
	// off: [rocker_pivot] singular at t = 0.11 s
}

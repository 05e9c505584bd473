// Command ilqr is the README's worked example of the dynamics derivatives: an iLQR that
// moves the excavator's bucket to a target in 2 s, once with the transition derivatives
// of sim.Transition (the chain rule through RK4 on Data.ForwardDerivatives) and once with
// central differences of the whole step map, and plots the convergence of both.
//
// Usage (from the repository root):
//
//	go run ./experiments/ilqr [-steps 40] [-iters 40] [-png docs/ilqr_excavator.png]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// The excavator's bucket (welded to the rotator), the point on it that is moved, and the
// move: the target is the start position shifted by targetShift (world frame, m).
const (
	bucketBody   = "body_56"
	excavatorPin = "q22"
)

var (
	bucketPoint = spatial.Vec3{0, 0, 0}
	targetShift = spatial.Vec3{0.4, 0, 0.3}
)

// excavatorModel is the built-in excavator under the joint_space partition with a holding
// port on the passive pin (as the dig-cycle task has), so that every independent
// coordinate is actuated.
func excavatorModel() (*robocompiler.Model, error) {
	g, err := robots.Get("excavator")
	if err != nil {
		return nil, err
	}
	g.Actuators = append(g.Actuators, cmg.Actuator{ID: "hold_" + excavatorPin, Type: cmg.ActJoint, Joint: excavatorPin, Gear: 1})
	// The state's chart is kept until R_p is singular to 1e-9: the joint_space partition
	// is ill-conditioned near the tilt-rotator's rest pose, where the default tracker
	// would re-decide it (and a transition derivative across two charts is meaningless).
	return robocompiler.Compile(g, robocompiler.Options{Partition: "joint_space", Tracking: closure.TrackerOptions{RCondTol: 1e-9}})
}

// run solves the reaching problem with both derivative modes.
func run(steps, iters int) (map[derivMode][]iteration, *problem, error) {
	m, err := excavatorModel()
	if err != nil {
		return nil, nil, err
	}
	pr, err := newProblem(m, bucketBody, bucketPoint, spatial.Vec3{}, 2, steps)
	if err != nil {
		return nil, nil, err
	}
	p0, _, err := pr.tip(pr.q0)
	if err != nil {
		return nil, nil, err
	}
	pr.Target = p0.Add(targetShift)
	// The passive pin's holding port acts on a nearly massless linkage: penalise its use
	// so that the optimiser holds the pin rather than swings it.
	pr.R[len(pr.R)-1] = 1e-2
	out := map[derivMode][]iteration{}
	for _, mode := range []derivMode{library, differences} {
		its, _, err := pr.solve(mode, iters)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", mode, err)
		}
		out[mode] = its
	}
	return out, pr, nil
}

func main() {
	steps := flag.Int("steps", 40, "RK4 steps over the 2 s horizon")
	iters := flag.Int("iters", 40, "iLQR iterations at most")
	png := flag.String("png", "", "write the convergence plot here (.png)")
	jsonOut := flag.Bool("json", false, "print the iterations as JSON")
	flag.Parse()
	res, pr, err := run(*steps, *iters)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ilqr:", err)
		os.Exit(3)
	}
	if *jsonOut {
		j := map[string][]iteration{}
		for mode, its := range res {
			j[mode.String()] = its
		}
		_ = json.NewEncoder(os.Stdout).Encode(j)
	}
	fmt.Printf("excavator, %s point of %s to %v m from the start in 2 s, %d RK4 steps of %.3g s, D = %d, %d ports\n",
		"origin", bucketBody, targetShift, pr.N, pr.Dt, pr.n, pr.nf)
	fmt.Printf("%-20s %6s %14s %14s %10s\n", "derivatives", "iters", "final cost", "tip error (m)", "time (s)")
	for _, mode := range []derivMode{library, differences} {
		its := res[mode]
		last := its[len(its)-1]
		fmt.Printf("%-20s %6d %14.6g %14.3g %10.2f\n", mode, len(its)-1, last.Cost, last.TipErr, last.Seconds)
	}
	if *png != "" {
		p := &plot.Plot{Title: "iLQR on the excavator: bucket to target in 2 s", XLabel: "iteration", YLabel: "tip error (m)", LogY: true}
		for _, mode := range []derivMode{library, differences} {
			l := &sim.Log{Columns: []string{"iteration", "tip_error", "seconds"}}
			for i, it := range res[mode] {
				l.Data = append(l.Data, float64(i), it.TipErr, it.Seconds)
			}
			p.Series = append(p.Series, plot.Series{Log: l, X: "iteration", Y: "tip_error", Label: mode.String()})
		}
		if err := p.Save(*png, 14, 9); err != nil {
			fmt.Fprintln(os.Stderr, "ilqr:", err)
			os.Exit(1)
		}
	}
}

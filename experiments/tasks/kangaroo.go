package tasks

import (
	"math"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
)

// fixedPelvisTask returns the Kangaroo fixed-pelvis motor trajectory.
func fixedPelvisTask() *Task {
	return &Task{Name: "fixed_pelvis", Model: "../shared/models/kangaroo/kangaroo_fixed_base.xml", Duration: 4, Run: runFixedPelvis,
		Description: "Kangaroo with a fixed pelvis: 4-s trajectory of the twelve linear motors, PD (4e4 N/m, 600 N·s/m) " +
			"without and with reduced-dynamics feedforward"}
}

// Kangaroo fixed-pelvis settings: the paper's PD gains (N/m, N·s/m) and physics step (s).
const (
	kangarooKp, kangarooKd = 4e4, 600
	kangarooDt             = 1e-4
)

// motorTrajectory returns the reference of the motors around their initial positions y0:
// each motor oscillates at its own frequency (0.5–1.05 Hz), faded in over 0.5 s; a motor
// whose lower limit is its initial position (the leg-length motors) moves one-sidedly,
// A·(1 − cos), so it stays within its stroke.
func motorTrajectory(y0, lower []float64) func(t float64, y []float64) {
	return func(t float64, y []float64) {
		w := minJerk(t / 0.5)
		for i := range y {
			f := 0.5 + 0.05*float64(i)
			if lower[i] >= y0[i] {
				y[i] = y0[i] + w*0.02*(1-math.Cos(2*math.Pi*f*t))
				continue
			}
			y[i] = y0[i] + w*0.008*math.Sin(2*math.Pi*f*t+0.3*float64(i))
		}
	}
}

// kangarooMotors builds the fixed-pelvis Kangaroo plant with its motors independent,
// its interfaces, and the motor trajectory around the assembled motor positions.
func kangarooMotors(g *cmg.Graph) (*plant, *kin.Data, func(t float64, y []float64), error) {
	pl, err := newPlant(g, actuated)
	if err != nil {
		return nil, nil, nil, err
	}
	pd, err := pl.data()
	if err != nil {
		return nil, nil, nil, err
	}
	kd := pd.Kin
	if err := checkPortsIndependent(pl.m, kd.Ports, pl.p.Independent); err != nil {
		return nil, nil, nil, err
	}
	nf := len(kd.Ports)
	y0, lower := make([]float64, nf), make([]float64, nf)
	for i, p := range kd.Ports {
		j := &pl.m.Joints[p.Terms[0].Joint]
		y0[i], lower[i] = pl.q[j.Q0], math.Inf(-1)
		if len(j.Model.Lower) > 0 {
			lower[i] = j.Model.Lower[0]
		}
	}
	return pl, kd, motorTrajectory(y0, lower), nil
}

// runFixedPelvis runs the Kangaroo motor trajectory with PD alone and with PD plus
// reduced-dynamics feedforward (the partition's independent coordinates are the motors).
func runFixedPelvis(g *cmg.Graph, o Options) (*Result, error) {
	dur := fixedPelvisTask().duration(o)
	pl, kd, traj, err := kangarooMotors(g)
	if err != nil {
		return nil, err
	}
	nf := len(kd.Ports)
	n := steps(dur, kangarooDt)
	pr := &progress{o: o, total: 2 * n}
	res := &Result{}
	for _, withFF := range []bool{false, true} {
		name := "pd"
		var ff *sim.Feedforward
		if withFF {
			name = "pd_ff"
			if ff, err = pl.feedforward(pl.model); err != nil {
				return nil, err
			}
		}
		ctrl := newPortPD(nf, kangarooKp, kangarooKd, newReference(nf, traj), ff)
		probe := newErrorProbe("motor_rms_m", nf, newReference(nf, traj), func(_ *sim.State, k *kin.Data, out []float64) { copy(out, k.Ell) })
		s, err := pl.sim(ctrl, sim.Options{Reconfigure: o.Reconfigure, Dt: kangarooDt, LogEvery: 20,
			Probes: []sim.Probe{probe}, Progress: pr.hook()})
		if err != nil {
			return nil, err
		}
		run, err := rollout(name, s, n)
		if err != nil {
			return nil, err
		}
		res.Runs = append(res.Runs, run)
		pr.done = n * len(res.Runs)
	}
	for _, r := range res.Runs {
		rms, err := rmsColumn(r.Log, "motor_rms_m")
		if err != nil {
			return nil, err
		}
		res.Metrics = append(res.Metrics, Metric{"motor_rms_mm_" + r.Name, 1e3 * rms})
	}
	for _, r := range res.Runs {
		res.Metrics = append(res.Metrics, Metric{"peak_force_N_" + r.Name, peakAbs(r.Log, "f:")})
	}
	errPlot := plot.Plot{Title: "Kangaroo fixed pelvis: twelve-motor RMS position error", XLabel: "t (s)", YLabel: "RMS error (mm)", LogY: true}
	for _, r := range res.Runs {
		errPlot.Series = append(errPlot.Series, plot.Series{Log: r.Log, X: "t", Y: "motor_rms_m", Scale: 1e3, Label: r.Name})
	}
	res.Figures = []Figure{{"kangaroo_motor_error.png", errPlot}, gapFigure("Kangaroo fixed pelvis", res.Runs)}
	return res, nil
}

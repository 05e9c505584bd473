package sim

import (
	"math"

	"github.com/robocompiler/robocompiler/compile"
)

// drives are the drive dynamics of a rollout's ports (compile.PortDynamics.Drive): the
// states z of every port with a drive, stacked in port order, and the map from the
// commands c the controller writes to the efforts f the ports apply. A port without a
// drive applies its command, f = c.
type drives struct {
	ports []compile.PortDynamics
	// z0[i] is port i's first state in z (its states are z[z0[i] : z0[i]+States()]).
	z0 []int
	// n is the total number of states.
	n int
}

// newDrives lays out the drive states of the ports.
func newDrives(ports []compile.Port) drives {
	d := drives{ports: make([]compile.PortDynamics, len(ports)), z0: make([]int, len(ports))}
	for i, p := range ports {
		d.ports[i], d.z0[i] = p.Dynamics, d.n
		d.n += p.Dynamics.Drive.States()
	}
	return d
}

// any reports whether some port has a drive.
func (d *drives) any() bool { return d.n > 0 }

// eval writes the efforts f (len nf) the ports apply at the drive states z (len n) and
// the commands c (len nf), and the state derivatives zdot (len n):
//
//	lag:   ż = (sat(c) − z)/T,                      f = z
//	servo: ż₀ = z₁, ż₁ = ω²(sat(c) − z₀) − 2ζω z₁,   f = sat(z₀)
//
// with sat the clamp to the port's effort limits.
func (d *drives) eval(z, c, f, zdot []float64) {
	for i, p := range d.ports {
		k, lo, hi := d.z0[i], p.EffortMin, p.EffortMax
		switch dr := p.Drive; dr.Kind {
		case compile.DriveLag:
			f[i] = z[k]
			zdot[k] = (clamp(c[i], lo, hi) - z[k]) / dr.TimeConstant
		case compile.DriveServo:
			w := dr.Frequency
			f[i] = clamp(z[k], lo, hi)
			zdot[k] = z[k+1]
			zdot[k+1] = w*w*(clamp(c[i], lo, hi)-z[k]) - 2*dr.DampingRatio*w*z[k+1]
		default:
			f[i] = c[i]
		}
	}
}

// start writes into z (len n) the drive states that apply the commands c at rest: each
// drive's effort at sat(c), a servo's rate 0.
func (d *drives) start(c, z []float64) {
	for i, p := range d.ports {
		k := d.z0[i]
		switch p.Drive.Kind {
		case compile.DriveLag:
			z[k] = clamp(c[i], p.EffortMin, p.EffortMax)
		case compile.DriveServo:
			z[k], z[k+1] = clamp(c[i], p.EffortMin, p.EffortMax), 0
		}
	}
}

// clamp returns x limited to [lo, hi].
func clamp(x, lo, hi float64) float64 { return math.Min(math.Max(x, lo), hi) }

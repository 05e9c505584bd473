package compile

import (
	"math"

	"github.com/robocompiler/robocompiler/cmg"
)

// DriveKind selects a port's drive dynamics.
type DriveKind int

const (
	// DriveIdeal applies the command as the effort, f = c (no states).
	DriveIdeal DriveKind = iota
	// DriveLag is the first-order lag ż = (sat(c) − z)/TimeConstant, f = z (one state).
	DriveLag
	// DriveServo is the second-order servo ż₀ = z₁,
	// ż₁ = Frequency²·(sat(c) − z₀) − 2·DampingRatio·Frequency·z₁, f = clamp(z₀) (two
	// states).
	DriveServo
)

// Drive is a port's compiled drive dynamics ż = f_z(z, c), f = f_f(z) from the command c
// to the effort f (N or N·m), with sat the clamp to [EffortMin, EffortMax].
type Drive struct {
	Kind DriveKind
	// TimeConstant is the lag's T (s); Frequency ω (rad/s) and DampingRatio ζ the servo's.
	TimeConstant, Frequency, DampingRatio float64
}

// States returns the number of drive states: 0 (ideal), 1 (lag) or 2 (servo).
func (d Drive) States() int {
	switch d.Kind {
	case DriveLag:
		return 1
	case DriveServo:
		return 2
	}
	return 0
}

// PortDynamics are a port's drive, effort limits and friction.
type PortDynamics struct {
	// Drive maps the command to the effort.
	Drive Drive
	// EffortMin and EffortMax bound the command of a drive (−Inf and +Inf without
	// effort limits); N or N·m.
	EffortMin, EffortMax float64
	// Damping (N·s/m or N·m·s/rad) and Friction (N or N·m) are the port's viscous and
	// Coulomb friction, f_fric = −Damping·ℓ̇ − Friction·tanh(ℓ̇/FrictionVelocity), with
	// FrictionVelocity (m/s or rad/s) resolved to cmg.DefaultFrictionVelocity when
	// undeclared.
	Damping, Friction, FrictionVelocity float64
}

// portDynamics compiles an actuator record's drive, limits and friction.
func portDynamics(a *cmg.Actuator) PortDynamics {
	p := PortDynamics{EffortMin: math.Inf(-1), EffortMax: math.Inf(1),
		Damping: a.Damping, Friction: a.Friction, FrictionVelocity: frictionVelocity(a.FrictionVelocity)}
	if a.EffortLimits != nil {
		p.EffortMin, p.EffortMax = a.EffortLimits[0], a.EffortLimits[1]
	}
	if d := a.Drive; d != nil {
		switch d.Type {
		case cmg.DriveLag:
			p.Drive = Drive{Kind: DriveLag, TimeConstant: d.TimeConstant}
		case cmg.DriveServo:
			p.Drive = Drive{Kind: DriveServo, Frequency: d.Frequency, DampingRatio: d.DampingRatio}
		}
	}
	return p
}

// frictionVelocity resolves an undeclared (zero) regularisation speed to the default.
func frictionVelocity(v float64) float64 {
	if v == 0 {
		return cmg.DefaultFrictionVelocity
	}
	return v
}

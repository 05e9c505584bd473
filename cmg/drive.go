package cmg

// Drive types.
const (
	// DriveLag is a first-order lag from the command to the effort:
	// ḟ = (sat(c) − f)/TimeConstant, one state z = f.
	DriveLag = "lag"
	// DriveServo is a second-order servo from the command to the effort:
	// f̈ = Frequency²·(sat(c) − f) − 2·DampingRatio·Frequency·ḟ, states z = (f, ḟ), with
	// the output f clamped to the effort limits.
	DriveServo = "servo"
)

// DefaultFrictionVelocity is the regularisation speed v_s (m/s or rad/s) of Coulomb
// friction, f = −F·tanh(v/v_s), when a record does not give one.
const DefaultFrictionVelocity = 1e-2

// Drive is an actuator's drive dynamics ż = f_z(z, c), f = f_f(z): the command c (the
// controller's output, N or N·m) is saturated to the actuator's effort limits, sat(c),
// and filtered into the effort f the port applies. The drive states start at rest at
// f = 0.
type Drive struct {
	// Type is DriveLag or DriveServo.
	Type string `json:"type"`
	// TimeConstant is the lag's time constant T (s), > 0; lag only.
	TimeConstant float64 `json:"time_constant,omitempty"`
	// Frequency is the servo's natural frequency ω (rad/s), > 0; servo only.
	Frequency float64 `json:"frequency,omitempty"`
	// DampingRatio is the servo's damping ratio ζ, > 0; servo only.
	DampingRatio float64 `json:"damping_ratio,omitempty"`
}

// driveTypes are the valid drive types.
var driveTypes = []string{DriveLag, DriveServo}

// checkPortDynamics checks an actuator's drive and friction fields.
func (v *validator) checkPortDynamics(path []any, a Actuator) {
	for _, p := range []struct {
		name string
		x    float64
	}{{"damping", a.Damping}, {"friction", a.Friction}, {"friction_velocity", a.FrictionVelocity}} {
		if p.x < 0 {
			v.report(appendPath(path, p.name), "%s must be >= 0 (got %g)", p.name, p.x)
		}
	}
	d := a.Drive
	if d == nil {
		return
	}
	dp := appendPath(path, "drive")
	positive := func(name string, x float64, what string) {
		if !(x > 0) {
			v.report(appendPath(dp, name), "a %s drive needs %s > 0 (%s; got %g)", d.Type, name, what, x)
		}
	}
	unused := func(name string, x float64) {
		if x != 0 {
			v.report(appendPath(dp, name), "a %s drive does not use %q; remove it", d.Type, name)
		}
	}
	switch d.Type {
	case DriveLag:
		positive("time_constant", d.TimeConstant, "s")
		unused("frequency", d.Frequency)
		unused("damping_ratio", d.DampingRatio)
	case DriveServo:
		positive("frequency", d.Frequency, "rad/s")
		positive("damping_ratio", d.DampingRatio, "dimensionless")
		unused("time_constant", d.TimeConstant)
	case "":
		v.report(appendPath(dp, "type"), "drive has no type; give one of lag, servo")
	default:
		v.report(appendPath(dp, "type"), "unknown drive type %q%s; valid types are lag, servo", d.Type, didYouMean(d.Type, driveTypes))
	}
}

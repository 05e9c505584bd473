//go:build mujoco

package mujoco

// SetXfrcApplied sets the Cartesian wrench applied to body (1..NBody-1; the world
// body 0 cannot be pushed). wrench is in this library's order [n; f]: n (N·m) a
// torque and f (N) a force, both in WORLD axes, with f acting at the body's centre
// of mass and n taken about that point. MuJoCo stores it as xfrc_applied[body] =
// [f; n] (force first, world axes, at xipos), so the halves are swapped here. The
// wrench stays applied until it is set again or Reset.
func (d *Data) SetXfrcApplied(body int, wrench [6]float64) error {
	if d.d == nil {
		return ErrClosed
	}
	if body <= 0 || body >= d.nbody {
		if body == 0 {
			return errorf("SetXfrcApplied: body 0 is the world and cannot take a wrench (valid 1..%d)", d.nbody-1)
		}
		return indexError("body", body, d.nbody)
	}
	x := d.xfrcApplied[6*body : 6*body+6]
	x[0], x[1], x[2] = wrench[3], wrench[4], wrench[5] // force
	x[3], x[4], x[5] = wrench[0], wrench[1], wrench[2] // torque
	return nil
}

// XfrcApplied returns the wrench applied to body in this library's order [n; f]
// (world axes, about and at the body's centre of mass).
func (d *Data) XfrcApplied(body int) ([6]float64, error) {
	if d.d == nil {
		return [6]float64{}, ErrClosed
	}
	if body < 0 || body >= d.nbody {
		return [6]float64{}, indexError("body", body, d.nbody)
	}
	x := d.xfrcApplied[6*body : 6*body+6]
	return [6]float64{x[3], x[4], x[5], x[0], x[1], x[2]}, nil
}

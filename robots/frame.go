package robots

import (
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// at returns a frame at position p with identity orientation.
func at(x, y, z float64) cmg.Frame {
	return cmg.Frame{Pos: [3]float64{x, y, z}}
}

// frameOfQuat returns a frame at p whose orientation is the unit quaternion q; an
// identity q gives a frame without an orientation record.
func frameOfQuat(p spatial.Vec3, q spatial.Quat) cmg.Frame {
	f := cmg.Frame{Pos: p}
	if q != (spatial.Quat{1, 0, 0, 0}) {
		qq := [4]float64(q)
		f.Quat = &qq
	}
	return f
}

// frameOfRot returns a frame at p whose orientation is the row-major rotation r; an
// identity r gives a frame without an orientation record.
func frameOfRot(p spatial.Vec3, r spatial.Mat3) cmg.Frame {
	f := cmg.Frame{Pos: p}
	if r != spatial.Identity3() {
		rr := [9]float64{r[0][0], r[0][1], r[0][2], r[1][0], r[1][1], r[1][2], r[2][0], r[2][1], r[2][2]}
		f.Rot = &rr
	}
	return f
}

// frameRotation returns the rotation matrix of a frame (identity when it has none).
func frameRotation(f cmg.Frame) spatial.Mat3 {
	switch {
	case f.Rot != nil:
		r := f.Rot
		return spatial.Mat3{{r[0], r[1], r[2]}, {r[3], r[4], r[5]}, {r[6], r[7], r[8]}}
	case f.Quat != nil:
		return spatial.Quat(*f.Quat).Mat3()
	}
	return spatial.Identity3()
}

// reexpressFrame rewrites a frame given in a body's old frame into the body's new frame,
// where t is the pose of the new body frame in the old one. The orientation keeps the
// record kind of the input (rotation matrix or quaternion).
func reexpressFrame(f cmg.Frame, t spatial.Transform, tq spatial.Quat) cmg.Frame {
	p := t.Inv().Apply(f.Pos)
	switch {
	case f.Rot != nil:
		return frameOfRot(p, t.R.T().Mul(frameRotation(f)))
	case f.Quat != nil:
		return frameOfQuat(p, tq.Conj().Mul(spatial.Quat(*f.Quat).Normalize()))
	}
	return frameOfQuat(p, tq.Conj())
}

// vec returns a pointer to a copy of a 3-vector, for optional CMG fields.
func vec(x, y, z float64) *[3]float64 {
	return &[3]float64{x, y, z}
}

// pair returns a pointer to a [lower, upper] bound.
func pair(lo, hi float64) *[2]float64 {
	return &[2]float64{lo, hi}
}

package cmg

import "github.com/robocompiler/robocompiler/spatial"

// Rotation returns the frame's orientation as a rotation matrix: from Quat, else from Rot
// (row-major), else the identity. It does not normalise; Validate checks both forms.
func (f Frame) Rotation() spatial.Mat3 {
	switch {
	case f.Quat != nil:
		return spatial.Quat(*f.Quat).Mat3()
	case f.Rot != nil:
		return rotMat3(*f.Rot)
	}
	return spatial.Identity3()
}

// Transform returns the frame as a rigid transform mapping frame coordinates into the
// coordinates of the body it is placed in: R = Rotation(), P = Pos (m).
func (f Frame) Transform() spatial.Transform {
	return spatial.Transform{R: f.Rotation(), P: f.Pos}
}

// rotMat3 reads a row-major 3×3 matrix.
func rotMat3(r [9]float64) spatial.Mat3 {
	return spatial.Mat3{{r[0], r[1], r[2]}, {r[3], r[4], r[5]}, {r[6], r[7], r[8]}}
}

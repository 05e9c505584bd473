package urdf

import (
	"math"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// floats parses attribute k of n as exactly count finite numbers; def (which may be nil)
// when the attribute is absent.
func (b *builder) floats(n *node, record, k string, count int, def []float64) ([]float64, error) {
	v, ok := n.Attr(k)
	if !ok {
		return def, nil
	}
	f := strings.Fields(v)
	if len(f) != count {
		return nil, b.errf(n, record, k, "expected %d numbers, got %q", count, v)
	}
	out := make([]float64, count)
	for i, s := range f {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, b.errf(n, record, k, "%q is not a finite number", s)
		}
		out[i] = x
	}
	return out, nil
}

// float parses attribute k as one number; def when absent.
func (b *builder) float(n *node, record, k string, def float64) (float64, error) {
	v, err := b.floats(n, record, k, 1, []float64{def})
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

// RPY returns the rotation of URDF roll-pitch-yaw angles (rad): rotations about the fixed
// x, y and z axes in that order, R = Rz(yaw)·Ry(pitch)·Rx(roll).
func RPY(roll, pitch, yaw float64) spatial.Mat3 {
	return spatial.ExpSO3(spatial.Vec3{0, 0, yaw}).Mul(spatial.ExpSO3(spatial.Vec3{0, pitch, 0})).Mul(spatial.ExpSO3(spatial.Vec3{roll, 0, 0}))
}

// origin reads an <origin xyz rpy> child of n (identity when absent).
func (b *builder) origin(n *node, record string) (spatial.Transform, error) {
	o := n.Child("origin")
	if o == nil {
		return spatial.Identity(), nil
	}
	xyz, err := b.floats(o, record, "xyz", 3, []float64{0, 0, 0})
	if err != nil {
		return spatial.Transform{}, err
	}
	rpy, err := b.floats(o, record, "rpy", 3, []float64{0, 0, 0})
	if err != nil {
		return spatial.Transform{}, err
	}
	return spatial.Transform{R: RPY(rpy[0], rpy[1], rpy[2]), P: spatial.Vec3{xyz[0], xyz[1], xyz[2]}}, nil
}

// cmgFrame converts a transform to a CMG frame, omitting an identity rotation.
func cmgFrame(t spatial.Transform) cmg.Frame {
	f := cmg.Frame{Pos: [3]float64(t.P)}
	if t.R != spatial.Identity3() {
		q := [4]float64(spatial.QuatFromMat3(t.R))
		f.Quat = &q
	}
	return f
}

package mjcf

import (
	"gonum.org/v1/gonum/mat"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// inertial writes a body's mass properties as principal moments (diaginertia) and the
// orientation of the principal axes (quat), computed here with LAPACK's symmetric
// eigensolver: MuJoCo 2.2.2 diagonalises a fullinertia itself by Jacobi sweeps that stop
// at a relative accuracy near 1e-9, while MuJoCo uses diaginertia and quat as given.
// A diagonal inertia is written as it is.
func inertial(b *cmg.Body) *mjInertial {
	in := b.Inertia // Ixx Iyy Izz Ixy Ixz Iyz
	out := &mjInertial{Pos: nums(b.COM[:]...), Mass: nums(b.Mass)}
	if in[3] == 0 && in[4] == 0 && in[5] == 0 {
		out.DiagInertia = nums(in[0], in[1], in[2])
		return out
	}
	sym := mat.NewSymDense(3, []float64{
		in[0], in[3], in[4],
		in[3], in[1], in[5],
		in[4], in[5], in[2],
	})
	var eig mat.EigenSym
	if !eig.Factorize(sym, true) {
		// LAPACK failed to converge (not for finite input): let MuJoCo diagonalise.
		out.FullInertia = nums(in[:]...)
		return out
	}
	vals := eig.Values(nil)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	var R spatial.Mat3 // columns: principal axes in the body frame
	for i := range 3 {
		for k := range 3 {
			R[i][k] = vecs.At(i, k)
		}
	}
	if R.Det() < 0 {
		for i := range 3 {
			R[i][2] = -R[i][2]
		}
	}
	q := spatial.QuatFromMat3(R).Normalize()
	out.DiagInertia, out.Quat = nums(vals...), nums(q[0], q[1], q[2], q[3])
	return out
}

package kkt

import "github.com/robocompiler/robocompiler/spatial"

// The fixed-size kernels of the factorisation and the solves: spatial 6-vectors and rows
// of six by pointer, the operand reused across a loop held in locals, in the same order
// of operations as spatial's value methods (Dot, Sub(Scale)) and the plain loops, so that
// the results are those of the plain expressions bit for bit.

// subRows sets acc −= Σᵢ lam[i]·rows[i] (len(lam) ≥ len(rows)).
func subRows(acc *spatial.Vec6, rows []spatial.Vec6, lam []float64) {
	a0, a1, a2, a3, a4, a5 := acc[0], acc[1], acc[2], acc[3], acc[4], acc[5]
	lam = lam[:len(rows)]
	for i := range rows {
		r, l := &rows[i], lam[i]
		a0 -= r[0] * l
		a1 -= r[1] * l
		a2 -= r[2] * l
		a3 -= r[3] * l
		a4 -= r[4] * l
		a5 -= r[5] * l
	}
	*acc = spatial.Vec6{a0, a1, a2, a3, a4, a5}
}

// forwardUT6 is forwardUT for a full 6 × 6 factor, unrolled.
func forwardUT6(u *block, d *[6]float64, x *[6]float64) {
	x0 := x[0] * d[0]
	x1 := (x[1] - u[0][1]*x0) * d[1]
	x2 := (x[2] - u[0][2]*x0 - u[1][2]*x1) * d[2]
	x3 := (x[3] - u[0][3]*x0 - u[1][3]*x1 - u[2][3]*x2) * d[3]
	x4 := (x[4] - u[0][4]*x0 - u[1][4]*x1 - u[2][4]*x2 - u[3][4]*x3) * d[4]
	x5 := (x[5] - u[0][5]*x0 - u[1][5]*x1 - u[2][5]*x2 - u[3][5]*x3 - u[4][5]*x4) * d[5]
	*x = [6]float64{x0, x1, x2, x3, x4, x5}
}

// backwardU6 is backwardU for a full 6 × 6 factor, unrolled.
func backwardU6(u *block, d *[6]float64, x *[6]float64) {
	x5 := x[5] * d[5]
	x4 := (x[4] - u[4][5]*x5) * d[4]
	x3 := (x[3] - u[3][4]*x4 - u[3][5]*x5) * d[3]
	x2 := (x[2] - u[2][3]*x3 - u[2][4]*x4 - u[2][5]*x5) * d[2]
	x1 := (x[1] - u[1][2]*x2 - u[1][3]*x3 - u[1][4]*x4 - u[1][5]*x5) * d[1]
	x0 := (x[0] - u[0][1]*x1 - u[0][2]*x2 - u[0][3]*x3 - u[0][4]*x4 - u[0][5]*x5) * d[0]
	*x = [6]float64{x0, x1, x2, x3, x4, x5}
}

// forwardUT5, forwardUT3 and forwardUT2 are forwardUT for factors of 5, 3 and 2 rows.
func forwardUT5(u *[5][6]float64, d *[6]float64, x *[6]float64) {
	x0 := x[0] * d[0]
	x1 := (x[1] - u[0][1]*x0) * d[1]
	x2 := (x[2] - u[0][2]*x0 - u[1][2]*x1) * d[2]
	x3 := (x[3] - u[0][3]*x0 - u[1][3]*x1 - u[2][3]*x2) * d[3]
	x4 := (x[4] - u[0][4]*x0 - u[1][4]*x1 - u[2][4]*x2 - u[3][4]*x3) * d[4]
	x[0], x[1], x[2], x[3], x[4] = x0, x1, x2, x3, x4
}

func forwardUT3(u *[3][6]float64, d *[6]float64, x *[6]float64) {
	x0 := x[0] * d[0]
	x1 := (x[1] - u[0][1]*x0) * d[1]
	x2 := (x[2] - u[0][2]*x0 - u[1][2]*x1) * d[2]
	x[0], x[1], x[2] = x0, x1, x2
}

func forwardUT2(u *[2][6]float64, d *[6]float64, x *[6]float64) {
	x0 := x[0] * d[0]
	x[0], x[1] = x0, (x[1]-u[0][1]*x0)*d[1]
}

// backwardU5, backwardU3 and backwardU2 are backwardU for factors of 5, 3 and 2 rows.
func backwardU5(u *[5][6]float64, d *[6]float64, x *[6]float64) {
	x4 := x[4] * d[4]
	x3 := (x[3] - u[3][4]*x4) * d[3]
	x2 := (x[2] - u[2][3]*x3 - u[2][4]*x4) * d[2]
	x1 := (x[1] - u[1][2]*x2 - u[1][3]*x3 - u[1][4]*x4) * d[1]
	x0 := (x[0] - u[0][1]*x1 - u[0][2]*x2 - u[0][3]*x3 - u[0][4]*x4) * d[0]
	x[0], x[1], x[2], x[3], x[4] = x0, x1, x2, x3, x4
}

func backwardU3(u *[3][6]float64, d *[6]float64, x *[6]float64) {
	x2 := x[2] * d[2]
	x1 := (x[1] - u[1][2]*x2) * d[1]
	x[0], x[1], x[2] = (x[0]-u[0][1]*x1-u[0][2]*x2)*d[0], x1, x2
}

func backwardU2(u *[2][6]float64, d *[6]float64, x *[6]float64) {
	x1 := x[1] * d[1]
	x[0], x[1] = (x[0]-u[0][1]*x1)*d[0], x1
}

// subDots sets d[j] −= a·b[j] for j0 ≤ j < len(b) (len(b) ≤ 6), a held in registers.
func subDots(d, a *[6]float64, b [][6]float64, j0 int) {
	a0, a1, a2, a3, a4, a5 := a[0], a[1], a[2], a[3], a[4], a[5]
	for j := j0; j < len(b); j++ {
		r := &b[j]
		d[j] -= a0*r[0] + a1*r[1] + a2*r[2] + a3*r[3] + a4*r[4] + a5*r[5]
	}
}

// subDots3 is subDots for rows whose entries past the third are zero.
func subDots3(d, a *[6]float64, b [][6]float64, j0 int) {
	a0, a1, a2 := a[0], a[1], a[2]
	for j := j0; j < len(b); j++ {
		r := &b[j]
		d[j] -= a0*r[0] + a1*r[1] + a2*r[2]
	}
}

// addDots sets d[j] += a·b[j] for j0 ≤ j < len(b) (len(b) ≤ 6).
func addDots(d, a *[6]float64, b []spatial.Vec6, j0 int) {
	a0, a1, a2, a3, a4, a5 := a[0], a[1], a[2], a[3], a[4], a[5]
	for j := j0; j < len(b); j++ {
		r := &b[j]
		d[j] += a0*r[0] + a1*r[1] + a2*r[2] + a3*r[3] + a4*r[4] + a5*r[5]
	}
}

// addDotsCol sets d[j][i] += a·b[j] for j < len(b): column i of a block stored transposed.
func addDotsCol(d [][6]float64, i int, a *[6]float64, b []spatial.Vec6) {
	a0, a1, a2, a3, a4, a5 := a[0], a[1], a[2], a[3], a[4], a[5]
	d = d[:len(b)]
	for j := range b {
		r := &b[j]
		d[j][i] += a0*r[0] + a1*r[1] + a2*r[2] + a3*r[3] + a4*r[4] + a5*r[5]
	}
}

// addRowDots sets x[i] += sign·(rows[i]·v) for i < len(rows) (sign ±1), v held in
// registers.
func addRowDots(x []float64, rows []spatial.Vec6, v *spatial.Vec6, sign float64) {
	v0, v1, v2, v3, v4, v5 := v[0], v[1], v[2], v[3], v[4], v[5]
	x = x[:len(rows)]
	for i := range rows {
		r := &rows[i]
		d := r[0]*v0 + r[1]*v1 + r[2]*v2 + r[3]*v3 + r[4]*v4 + r[5]*v5
		if sign > 0 {
			x[i] += d
		} else {
			x[i] -= d
		}
	}
}

package closure

import (
	"errors"
	"math"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// rowMap turns the relative transform Delta = ^{Fa}T_{Fb} of one comparison into its
// residual rows, and maps relative twists V = (Δ̇Δ⁻¹)^∨ (and their derivatives) into row
// velocities (and accelerations). The rows are those of compile.RowKind.
type rowMap struct {
	kind compile.RowKind
	p    spatial.Vec3
	log6 spatial.Vec6
	log3 spatial.Vec3
	// jinv3 is JlInvSO3 of the rotation log: from LogSE3Jl for SE(3) and weld rows, else
	// evaluated with jinvC (by jacobians, for prismatic rows); jinvC is the lower-left block of the SE(3)
	// J_l⁻¹ = [[jinv3, 0], [jinvC, jinv3]] (spatial.JlInvSE3Coupling).
	jinv3, jinvC spatial.Mat3
	// jinv reports that jinvC / jinv3 (the inverse left Jacobians of the logarithm) are
	// evaluated: only rates and accelerations need them, so a residual-only evaluation
	// skips them.
	jinv bool
	ra   spatial.Vec3 // R·Axis2
	axis spatial.Vec3
	perp [2]spatial.Vec3
	// pre re-expresses twists for the defect homotopy of log rows: V_η = Ad_{D⁻¹} V.
	pre    spatial.Transform
	usePre bool
	// branchErr is the logarithm's branch error, if any.
	branchErr error
}

func (f *rowMap) init(c *compile.Comparison, delta *spatial.Transform, defectInv *spatial.Transform) {
	f.kind, f.usePre, f.branchErr, f.jinv = c.Kind, false, nil, false
	switch c.Kind {
	case compile.RowsSE3, compile.RowsWeld:
		// The logarithm rows read only the logarithm and its Jacobians.
		if defectInv != nil {
			var x spatial.Transform
			x.SetMul(defectInv, delta)
			*delta = x
			f.pre, f.usePre = *defectInv, true
		}
		f.branchErr = spatial.LogSE3JlTo(delta, &f.log6, &f.jinv3)
		f.p[0], f.p[1], f.p[2] = delta.P[0], delta.P[1], delta.P[2] // entry by entry: just stored
		f.ra = spatial.Vec3{}
		return
	case compile.RowsPrismatic:
		f.log3, f.branchErr = spatial.LogSO3(delta.R)
	}
	f.p = delta.P
	if c.Kind == compile.RowsPoint { // position rows only
		f.ra = spatial.Vec3{}
		return
	}
	f.axis, f.perp = c.Axis, c.Perp
	f.ra = delta.R.MulVec(c.Axis2)
}

// residual writes the comparison's rows; every row is NaN when the relative placement
// was not finite, so that no tolerance test can accept it.
func (f *rowMap) residual(out []float64) {
	if errors.Is(f.branchErr, spatial.ErrNonFinite) {
		for k := range out {
			out[k] = math.NaN()
		}
		return
	}
	switch f.kind {
	case compile.RowsSE3, compile.RowsWeld:
		copy(out, f.log6[:])
	case compile.RowsPoint:
		copy(out, f.p[:])
	case compile.RowsUniversal:
		copy(out, f.p[:])
		out[3] = f.axis.Dot(f.ra)
	case compile.RowsRevolute:
		copy(out, f.p[:])
		out[3], out[4] = f.perp[0].Dot(f.ra), f.perp[1].Dot(f.ra)
	case compile.RowsPrismatic:
		copy(out, f.log3[:])
		out[3], out[4] = f.perp[0].Dot(f.p), f.perp[1].Dot(f.p)
	case compile.RowsPlanar:
		out[0], out[1] = f.perp[0].Dot(f.ra), f.perp[1].Dot(f.ra)
		out[2] = f.axis.Dot(f.p)
	}
}

// jacobians evaluates the inverse left Jacobians of the logarithm once per placement.
func (f *rowMap) jacobians() {
	if f.jinv {
		return
	}
	switch f.kind {
	case compile.RowsSE3, compile.RowsWeld:
		spatial.JlInvSE3CouplingTo(&f.jinvC, &f.log6) // jinv3 from LogSE3Jl
	case compile.RowsPrismatic:
		f.jinv3 = spatial.JlInvSO3(f.log3)
	}
	f.jinv = true
}

// rateTo maps a relative twist t (one Jacobian column, or the relative velocity) to row
// rates.
func (f *rowMap) rateTo(tp *spatial.Vec6, out []float64) {
	f.jacobians()
	if f.kind == compile.RowsSE3 || f.kind == compile.RowsWeld {
		if f.usePre {
			t := f.pre.ActMotion(*tp)
			f.logRows(&t, out)
		} else {
			f.logRows(tp, out)
		}
		return
	}
	t := *tp
	if f.usePre {
		t = f.pre.ActMotion(t)
	}
	w, vl := t.Angular(), t.Linear()
	pd := vl.Add(w.Cross(f.p))
	rad := w.Cross(f.ra)
	f.combine(w, pd, rad, out)
}

// rateMatrix writes h (Rows × 6, row-major) with the row rates per twist x of the frame
// that t maps into frame A: the rows of rate(Ad_t·x) = h·x. It returns the number of
// leading rows that depend on x's angular part only (their linear entries are zero).
func (f *rowMap) rateMatrix(t *spatial.Transform, h []float64) int {
	f.jacobians()
	switch f.kind {
	case compile.RowsSE3, compile.RowsWeld:
		// J_l⁻¹·Ad = [[J R, 0], [(C + J [p]×) R, J R]] for J_l⁻¹ = [[J, 0], [C, J]].
		if f.usePre {
			var pt spatial.Transform
			pt.SetMul(&f.pre, t)
			t = &pt
		}
		j, jc, r, p := &f.jinv3, &f.jinvC, &t.R, &t.P
		for i := range 3 {
			j0, j1, j2 := j[i][0], j[i][1], j[i][2]
			// Row i of J and of C + J [p]×.
			c0 := jc[i][0] + j1*p[2] - j2*p[1]
			c1 := jc[i][1] + j2*p[0] - j0*p[2]
			c2 := jc[i][2] + j0*p[1] - j1*p[0]
			hi, ho := h[6*i:6*i+6:6*i+6], h[6*(i+3):6*(i+3)+6:6*(i+3)+6]
			for k := range 3 {
				jr := j0*r[0][k] + j1*r[1][k] + j2*r[2][k]
				hi[k], hi[k+3] = jr, 0
				ho[k] = c0*r[0][k] + c1*r[1][k] + c2*r[2][k]
				ho[k+3] = jr
			}
		}
		return 3
	case compile.RowsPoint:
		// ṗ = v + ω × p_Δ of Ad_t·x = [[R, 0], [[p_t]× R, R]]: [[p_t − p_Δ]× R, R].
		r := &t.R
		d0, d1, d2 := t.P[0]-f.p[0], t.P[1]-f.p[1], t.P[2]-f.p[2]
		h := (*[18]float64)(h)
		for k := range 3 {
			r0, r1, r2 := r[0][k], r[1][k], r[2][k]
			h[k], h[6+k], h[12+k] = d1*r2-d2*r1, d2*r0-d0*r2, d0*r1-d1*r0
			h[3+k], h[9+k], h[15+k] = r0, r1, r2
		}
		return 0
	}
	n := f.kind.Count()
	var out [6]float64
	for k := range 6 {
		var e spatial.Vec6
		e[k] = 1
		x := t.ActMotion(e)
		f.rateTo(&x, out[:n])
		for i, x := range out[:n] {
			h[6*i+k] = x
		}
	}
	return 0
}

// accel maps the relative twist *Vp and its derivative *Vdp (with zero generalised
// acceleration) to row accelerations, for the twist in the tangent space.
func (f *rowMap) accel(Vp, Vdp *spatial.Vec6, out []float64) {
	f.jacobians()
	if f.kind == compile.RowsSE3 || f.kind == compile.RowsWeld {
		if f.usePre {
			Vd := f.pre.ActMotion(*Vdp)
			f.logRows(&Vd, out)
			return
		}
		f.logRows(Vdp, out)
		return
	}
	V, Vd := *Vp, *Vdp
	if f.usePre {
		V, Vd = f.pre.ActMotion(V), f.pre.ActMotion(Vd)
	}
	// ṗ = v + ω × p, p̈ = v̇ + ω̇ × p + ω × ṗ, on scalars (the point rows' hot path).
	p := &f.p
	w0, w1, w2 := V[0], V[1], V[2]
	a0, a1, a2 := Vd[0], Vd[1], Vd[2]
	pd0 := V[3] + (w1*p[2] - w2*p[1])
	pd1 := V[4] + (w2*p[0] - w0*p[2])
	pd2 := V[5] + (w0*p[1] - w1*p[0])
	pdd := spatial.Vec3{
		Vd[3] + (a1*p[2] - a2*p[1]) + (w1*pd2 - w2*pd1),
		Vd[4] + (a2*p[0] - a0*p[2]) + (w2*pd0 - w0*pd2),
		Vd[5] + (a0*p[1] - a1*p[0]) + (w0*pd1 - w1*pd0)}
	if f.kind == compile.RowsPoint {
		out[0], out[1], out[2] = pdd[0], pdd[1], pdd[2]
		return
	}
	w, wd := V.Angular(), Vd.Angular()
	radd := wd.Cross(f.ra).Add(w.Cross(w.Cross(f.ra)))
	f.combine(wd, pdd, radd, out)
}

// logRows writes the rows J_l⁻¹(log Δ)·t of an SE(3) or weld comparison for the (derivative
// of the) twist t, skipping the zero upper-right block of J_l⁻¹.
func (f *rowMap) logRows(t *spatial.Vec6, out []float64) {
	j, c := &f.jinv3, &f.jinvC
	out = out[:6]
	for i := range 3 {
		out[i] = j[i][0]*t[0] + j[i][1]*t[1] + j[i][2]*t[2]
		out[i+3] = c[i][0]*t[0] + c[i][1]*t[1] + c[i][2]*t[2] + j[i][0]*t[3] + j[i][1]*t[4] + j[i][2]*t[5]
	}
}

// combine writes the rows of the other kinds from the (derivative of the) twist's angular
// part w, the (derivative of the) point velocity pd, and the (derivative of the) rotated
// axis rad.
func (f *rowMap) combine(w, pd, rad spatial.Vec3, out []float64) {
	switch f.kind {
	case compile.RowsPoint:
		copy(out, pd[:])
	case compile.RowsUniversal:
		copy(out, pd[:])
		out[3] = f.axis.Dot(rad)
	case compile.RowsRevolute:
		copy(out, pd[:])
		out[3], out[4] = f.perp[0].Dot(rad), f.perp[1].Dot(rad)
	case compile.RowsPrismatic:
		r := f.jinv3.MulVec(w)
		copy(out, r[:])
		out[3], out[4] = f.perp[0].Dot(pd), f.perp[1].Dot(pd)
	case compile.RowsPlanar:
		out[0], out[1] = f.perp[0].Dot(rad), f.perp[1].Dot(rad)
		out[2] = f.axis.Dot(pd)
	}
}

package closure

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestTangent compares Data.Tangent with sixth-order central differences of the closure
// Jacobian and of the drift along (q ⊕ ε a, v + ε dv) for random tangent a and v and any
// dv at the
// assembled configurations of every built-in mechanism, in both comparison forms (SE(3)
// cut rows and the eliminated point, universal, revolute and prismatic rows), and of
// Kangaroo; relative agreement 1e-8.
func TestTangent(t *testing.T) {
	var fx []fixture
	fx = append(fx, builtins(t, false)...)
	for _, f := range builtins(t, true) {
		f.name += "/eliminated"
		fx = append(fx, f)
	}
	if !testing.Short() {
		m, q := kangarooAssembled(t)
		fx = append(fx, fixture{"kangaroo", m, q})
	}
	for _, f := range fx {
		t.Run(f.name, func(t *testing.T) {
			m, q := f.m, f.q
			d := NewData(m)
			if !d.TangentSupported() {
				t.Skip("not covered")
			}
			p, err := PartitionAt(m, q, nil)
			if err != nil {
				t.Fatal(err)
			}
			l := NewLift(p, m.NV)
			d.Jacobian(q)
			if err := l.Update(d.C); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			tg := d.NewTangent()
			nv, rows := m.NV, m.Rows
			tangentVec := func() []float64 {
				u := make([]float64, p.Mobility)
				for i := range u {
					u[i] = rng.NormFloat64()
				}
				x := make([]float64, nv)
				e := l.E.RawMatrix()
				for i := range nv {
					for k := range p.Mobility {
						x[i] += e.Data[i*e.Stride+k] * u[k]
					}
				}
				return x
			}
			for range 5 {
				a, v := tangentVec(), tangentVec()
				dv := make([]float64, nv) // any velocity direction, tangent or not
				for i := range dv {
					dv[i] = rng.NormFloat64()
				}
				dC, dg := make([]float64, rows*nv), make([]float64, rows)
				d.PrepareTangent(tg, q, v)
				d.Tangent(tg, a, dv, dC, dg)
				checkProducts(t, d, tg, a, dv, dC, dg, rng)
				col := make([]float64, nv) // a sparse direction: one column of E
				if p.Mobility > 0 {
					k := rng.IntN(p.Mobility)
					for i := range nv {
						col[i] = l.E.At(i, k)
					}
					dCc, dgc := make([]float64, rows*nv), make([]float64, rows)
					d.Tangent(tg, col, nil, dCc, dgc)
					checkProducts(t, d, tg, col, nil, dCc, dgc, rng)
				}
				e := NewData(m)
				qe := make([]float64, m.NQ)
				ve := make([]float64, nv)
				at := func(s float64) []float64 {
					m.Integrate(q, a, s, qe)
					for i := range ve {
						ve[i] = v[i] + s*dv[i]
					}
					e.Drift(qe, ve)
					out := append([]float64(nil), e.C.RawMatrix().Data...)
					return append(out, e.Gamma...)
				}
				cd := func(h float64) []float64 {
					pp, mm := at(h), at(-h)
					for i := range pp {
						pp[i] = (pp[i] - mm[i]) / (2 * h)
					}
					return pp
				}
				h := 1e-2
				d0, d1, d2 := cd(h), cd(h/2), cd(h/4)
				ref := make([]float64, len(d0))
				for i := range ref {
					r1, r2 := (4*d1[i]-d0[i])/3, (4*d2[i]-d1[i])/3
					ref[i] = (16*r2 - r1) / 15
				}
				for k, pair := range [2][2][]float64{{dC, ref[:rows*nv]}, {dg, ref[rows*nv:]}} {
					diff, scale := 0.0, 0.0
					for i := range pair[0] {
						diff = math.Max(diff, math.Abs(pair[0][i]-pair[1][i]))
						scale = math.Max(scale, math.Abs(pair[1][i]))
					}
					if diff > 1e-8*math.Max(scale, 1e-300) {
						t.Fatalf("%s: off by %.3g (scale %.3g)", [2]string{"dC", "dgamma"}[k], diff, scale)
					}
				}
			}
		})
	}
}

// checkProducts: TangentProducts along (a, dv) equals the products of Tangent's dC (and
// its dgamma) with random x, z and y, and MulDC equals dC·x, to 1e-12 relative.
func checkProducts(t *testing.T, d *Data, tg *Tangent, a, dv, dC, dg []float64, rng *rand.Rand) {
	t.Helper()
	nv, rows := d.m.NV, d.m.Rows
	vec := func(k int) []float64 {
		x := make([]float64, k)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		return x
	}
	x, z, y := vec(nv), vec(nv), vec(rows)
	wantX, wantZ, wantPsi := make([]float64, rows), make([]float64, rows), make([]float64, nv)
	for r := range rows {
		for i := range nv {
			wantX[r] += dC[r*nv+i] * x[i]
			wantZ[r] += dC[r*nv+i] * z[i]
			wantPsi[i] += y[r] * dC[r*nv+i]
		}
	}
	gotX, gotZ, gotPsi, gotG, mul := vec(rows), vec(rows), vec(nv), vec(rows), vec(rows)
	d.TangentProducts(tg, a, dv, x, z, y, gotX, gotZ, gotPsi, gotG)
	d.MulDC(tg, dC, x, mul)
	for k, pair := range [5][2][]float64{{gotX, wantX}, {gotZ, wantZ}, {gotPsi, wantPsi}, {gotG, dg}, {mul, wantX}} {
		diff, scale := 0.0, 0.0
		for i := range pair[0] {
			diff = math.Max(diff, math.Abs(pair[0][i]-pair[1][i]))
			scale = math.Max(scale, math.Abs(pair[1][i]))
		}
		if diff > 1e-12*math.Max(scale, 1e-300) {
			t.Fatalf("%s: off by %.3g (scale %.3g)", [5]string{"dC·x", "dC·z", "yᵀdC", "dgamma", "MulDC"}[k], diff, scale)
		}
	}
}

// TestCurvatureAdjoint: zᵀ Curvature(γ) = CurvatureAdjoint(z)ᵀ γ for random z and γ on
// every built-in mechanism.
func TestCurvatureAdjoint(t *testing.T) {
	for _, f := range builtins(t, false) {
		m, q := f.m, f.q
		d := NewData(m)
		p, err := PartitionAt(m, q, nil)
		if err != nil {
			t.Fatal(err)
		}
		l := NewLift(p, m.NV)
		d.Jacobian(q)
		if err := l.Update(d.C); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for range 5 {
			z, g := make([]float64, m.NV), make([]float64, m.Rows)
			for i := range z {
				z[i] = rng.NormFloat64()
			}
			for i := range g {
				g[i] = rng.NormFloat64()
			}
			c, y := make([]float64, m.NV), make([]float64, m.Rows)
			l.Curvature(g, c)
			l.CurvatureAdjoint(z, y)
			lhs, rhs, scale := 0.0, 0.0, 0.0
			for i := range z {
				lhs += z[i] * c[i]
				scale += math.Abs(z[i] * c[i])
			}
			for i := range g {
				rhs += y[i] * g[i]
			}
			if math.Abs(lhs-rhs) > 1e-10*scale {
				t.Fatalf("%s: zᵀc = %.15g, yᵀγ = %.15g", f.name, lhs, rhs)
			}
		}
	}
}

// TestBracket checks Ċ[w]·v − Ċ[v]·w = C·Bracket(w, v) for any w and a tangent v on every
// built-in mechanism in both comparison forms (Stewart's spherical joints give a nonzero
// bracket) and on Kangaroo.
func TestBracket(t *testing.T) {
	fx := builtins(t, false)
	for _, f := range builtins(t, true) {
		f.name += "/eliminated"
		fx = append(fx, f)
	}
	if !testing.Short() {
		m, q := kangarooAssembled(t)
		fx = append(fx, fixture{"kangaroo", m, q})
	}
	for _, f := range fx {
		m, q := f.m, f.q
		d := NewData(m)
		p, err := PartitionAt(m, q, nil)
		if err != nil {
			t.Fatal(err)
		}
		l := NewLift(p, m.NV)
		d.Jacobian(q)
		if err := l.Update(d.C); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(8, 9))
		nv, rows := m.NV, m.Rows
		u := make([]float64, p.Mobility)
		for i := range u {
			u[i] = rng.NormFloat64()
		}
		v, w, br := make([]float64, nv), make([]float64, nv), make([]float64, nv)
		e := l.E.RawMatrix()
		for i := range nv {
			for k := range p.Mobility {
				v[i] += e.Data[i*e.Stride+k] * u[k]
			}
			w[i] = rng.NormFloat64()
		}
		tg := d.NewTangent()
		d.PrepareTangent(tg, q, v)
		dCw, dCv, dg := make([]float64, rows*nv), make([]float64, rows*nv), make([]float64, rows)
		d.Tangent(tg, w, nil, dCw, dg)
		d.Tangent(tg, v, nil, dCv, dg)
		Bracket(m, w, v, br)
		C := d.C.RawMatrix()
		worst, scale := 0.0, 0.0
		for r := range rows {
			a, b, c := 0.0, 0.0, 0.0
			for i := range nv {
				a += dCw[r*nv+i] * v[i]
				b += dCv[r*nv+i] * w[i]
				c += C.Data[r*C.Stride+i] * br[i]
			}
			worst = math.Max(worst, math.Abs(a-b-c))
			scale = math.Max(scale, math.Abs(a))
		}
		if worst > 1e-12*math.Max(scale, 1) {
			t.Errorf("%s: Ċ[w]v − Ċ[v]w − C[w, v] = %.3g (scale %.3g)", f.name, worst, scale)
		}
	}
}

package closure

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testmodels"
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
				d.Drift(q, v)
				d.Tangent(tg, q, v, a, dv, dC, dg)
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

// kangarooAssembled compiles the shared Kangaroo and assembles it from its home seed.
func kangarooAssembled(t *testing.T) (*compile.Model, []float64) {
	m, err := compile.Compile(kangaroo(t, testmodels.Kangaroo), compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q0, err := m.Seed("home")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Assemble(m, q0, AssembleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m, a.Q
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

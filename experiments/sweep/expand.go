package sweep

import (
	"math/rand/v2"
	"strconv"
)

// Variant is one point of a sweep: its index in the expanded list and its parameter
// values in the file's column order.
type Variant struct {
	// Index is the variant's position in Expand's list (from 0); shard I of N holds
	// the variants with Index mod N = I.
	Index int
	// Generated is the index of the built-in generator's variant (-1 without one).
	Generated int
	// Values are the parameter values, Values[j] for Sweep.Parameters[j].
	Values []float64
}

// dimension is one grid dimension: the generator (param -1) or a list or range
// parameter.
type dimension struct {
	param, size int
}

// grid returns the grid dimensions, slowest first: the generator, then the list and
// range parameters in file order.
func (s *Sweep) grid() []dimension {
	var out []dimension
	if s.Variants != nil {
		out = append(out, dimension{-1, s.Variants.Count})
	}
	for j, p := range s.Parameters {
		switch {
		case p.List != nil:
			out = append(out, dimension{j, len(p.List)})
		case p.Range != nil:
			out = append(out, dimension{j, p.Range.Steps})
		}
	}
	return out
}

// Expand returns every variant of the sweep, in index order. The list depends only on
// the file: variant i is grid point i / Draws (row-major over grid(), the last dimension
// fastest) with random draw i mod Draws, and its random parameters are drawn, in file
// order, from the PCG stream (Seed, i).
func (s *Sweep) Expand() []Variant {
	out := make([]Variant, s.Count())
	for i := range out {
		out[i] = s.variant(i)
	}
	return out
}

// variant returns variant i of Expand's list.
func (s *Sweep) variant(i int) Variant {
	v := Variant{Index: i, Generated: -1, Values: make([]float64, len(s.Parameters))}
	g := i / s.draws()
	dims := s.grid()
	for k := len(dims) - 1; k >= 0; k-- {
		d := dims[k]
		pos := g % d.size
		g /= d.size
		if d.param < 0 {
			v.Generated = pos
			continue
		}
		p := s.Parameters[d.param]
		if p.List != nil {
			v.Values[d.param] = p.List[pos]
		} else {
			v.Values[d.param] = p.Range.at(pos)
		}
	}
	rng := rand.New(rand.NewPCG(s.Seed, uint64(i)))
	for j, p := range s.Parameters {
		switch {
		case p.Uniform != nil:
			v.Values[j] = p.Uniform.Low + (p.Uniform.High-p.Uniform.Low)*rng.Float64()
		case p.Normal != nil:
			v.Values[j] = p.Normal.Mean + p.Normal.Stddev*rng.NormFloat64()
		}
	}
	return v
}

// at returns the range's k-th value: From + k (To − From)/(Steps − 1) rounded to 12
// significant digits (0.425, not 0.42500000000000004), exactly From first and To last.
func (r *Range) at(k int) float64 {
	switch k {
	case 0:
		return r.From
	case r.Steps - 1:
		return r.To
	}
	x := r.From + float64(k)*(r.To-r.From)/float64(r.Steps-1)
	y, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	if err != nil {
		return x
	}
	return y
}

// InShard reports whether variant index i belongs to shard (from 0) of n: i mod n =
// shard.
func InShard(i, shard, n int) bool { return i%n == shard }

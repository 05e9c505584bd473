package check

// Options configures Run.
type Options struct {
	// States is the number of random feasible states (default 20).
	States int
	// Seed seeds the random generator (PCG); equal seeds give equal reports.
	Seed uint64
	// Speed is the nominal independent speed in declared-scale units: each u_k is drawn in
	// [−Speed, Speed]·scale_k, scale_k the declared length or angle scale of its coordinate
	// (default 0.25).
	Speed float64
	// Walk is the size of the random steps of the independent coordinates of the walk
	// from the seed to each sampled state, in declared-scale units (default 0.02).
	Walk float64
	// Effort is the half-width of the random port efforts (N or N·m, default 1) used for the
	// dynamics witnesses, and Wrench that of the random external wrench (N and N·m, default
	// 1) applied to the heaviest body.
	Effort, Wrench float64
	// Extended always solves the KKT reference in extended precision (kktref.SolveBig,
	// 192-bit). Otherwise the float64 reference is tried first and the extended one only
	// decides states where the two solutions differ by more than 1e-13 in δ_a.
	Extended bool
}

func (o *Options) defaults() {
	if o.States <= 0 {
		o.States = 20
	}
	if o.Speed <= 0 {
		o.Speed = 0.25
	}
	if o.Walk <= 0 {
		o.Walk = 0.02
	}
	if o.Effort <= 0 {
		o.Effort = 1
	}
	if o.Wrench <= 0 {
		o.Wrench = 1
	}
}

// MaxStates bounds Options.States for the command line (each state costs a KKT solve).
const MaxStates = 10000

// ReferenceBytes estimates the bytes the KKT reference of eq. 22 allocates for a model
// with nv velocities and rows closure rows: four dense (nv+rows)² float64 matrices, or
// with extended precision 192-bit numbers (about 64 bytes each) in their place.
func ReferenceBytes(nv, rows int, extended bool) int64 {
	k := int64(nv + rows)
	per := int64(8 * 4)
	if extended {
		per = 64 * 4
	}
	return per * k * k
}

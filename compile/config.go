package compile

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/robocompiler/robocompiler/cmg"
)

// Integrate writes q ⊕ dt·v into out (len NQ) joint by joint; out may alias q.
func (m *Model) Integrate(q, v []float64, dt float64, out []float64) {
	for i := range m.Joints {
		j := &m.Joints[i]
		if j.Eliminated {
			continue
		}
		j.Model.Integrate(q[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV], dt, out[j.Q0:j.Q0+j.NQ])
	}
}

// Difference writes v (len NV) with q0 ⊕ v = q1, joint by joint.
func (m *Model) Difference(q0, q1, v []float64) {
	for i := range m.Joints {
		j := &m.Joints[i]
		if j.Eliminated {
			continue
		}
		j.Model.Difference(q0[j.Q0:j.Q0+j.NQ], q1[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV])
	}
}

// Neutral returns the neutral configuration (len NQ): zeros and identity quaternions.
func (m *Model) Neutral() []float64 {
	q := make([]float64, m.NQ)
	for i := range m.Joints {
		j := &m.Joints[i]
		if j.Eliminated {
			continue
		}
		j.Model.Neutral(q[j.Q0 : j.Q0+j.NQ])
	}
	return q
}

// Random returns a random configuration (len NQ) within joint limits.
func (m *Model) Random(rng *rand.Rand) []float64 {
	q := make([]float64, m.NQ)
	for i := range m.Joints {
		j := &m.Joints[i]
		if j.Eliminated {
			continue
		}
		j.Model.Random(rng, q[j.Q0:j.Q0+j.NQ])
	}
	return q
}

// SeedNames lists the graph's named seeds in name order.
func (m *Model) SeedNames() []string {
	names := make([]string, 0, len(m.Graph.Seeds))
	for k := range m.Graph.Seeds {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// Seed returns the named seed configuration (len NQ); joints the seed leaves out take
// their neutral value. An empty name selects "default", or else the first seed in name
// order, or else the neutral configuration.
func (m *Model) Seed(name string) ([]float64, error) {
	q := m.Neutral()
	if name == "" {
		if _, ok := m.Graph.Seeds["default"]; ok {
			name = "default"
		} else if names := m.SeedNames(); len(names) > 0 {
			name = names[0]
		} else {
			return q, nil
		}
	}
	seed, ok := m.Graph.Seeds[name]
	if !ok {
		return nil, fmt.Errorf("%s: no seed named %q (the model has %v)", m.Graph.Source, name, m.SeedNames())
	}
	if err := m.SetJointValues(q, seed); err != nil {
		return nil, err
	}
	return q, nil
}

// SetJointValues writes per-joint coordinates (joint id → values) into q (len NQ).
// Values of an eliminated cut joint are checked and otherwise ignored: its relative
// motion follows from the tree coordinates.
func (m *Model) SetJointValues(q []float64, vals map[string]cmg.Values) error {
	for id, v := range vals {
		j := m.JointIndex(id)
		if j < 0 {
			return fmt.Errorf("%s: unknown joint %q", m.Graph.Source, id)
		}
		jt := &m.Joints[j]
		if n := jt.Model.NQ(); len(v) != n {
			return fmt.Errorf("%s: joint %q takes %d values, got %d", m.Graph.Source, id, n, len(v))
		}
		if jt.Eliminated {
			continue
		}
		copy(q[jt.Q0:jt.Q0+jt.NQ], v)
		jt.Model.Normalize(q[jt.Q0 : jt.Q0+jt.NQ])
	}
	return nil
}

// JointValues returns q (len NQ) as joint id → coordinates, for every joint with
// coordinates in q (fixed and eliminated cut joints have none).
func (m *Model) JointValues(q []float64) map[string]cmg.Values {
	out := make(map[string]cmg.Values, len(m.Joints))
	for _, j := range m.Joints {
		if j.NQ > 0 {
			out[j.ID] = append([]float64(nil), q[j.Q0:j.Q0+j.NQ]...)
		}
	}
	return out
}

// SameConfig reports whether the coordinate vectors a and b (any equal length) agree bit
// for bit. Every evaluation is a deterministic function of those bits, so a workspace
// that remembers the configuration it last evaluated can skip an unchanged one.
func SameConfig(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i, x := range a {
		if math.Float64bits(x) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

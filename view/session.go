package view

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/joint"
)

// Tracking limits of one Move: the largest step of an angular coordinate (rad) and of a
// linear one (as a fraction of the scene's length), and the most steps.
const (
	maxStepRad    = 0.05
	maxStepLength = 0.02
	maxSteps      = 4000
)

// Session is the one workspace a viewer moves. Its methods are safe for concurrent use
// (a mutex serialises them).
type Session struct {
	mu     sync.Mutex
	m      *robocompiler.Model
	d      *robocompiler.Data
	poser  *Poser
	length float64
	lin    []bool // closure rows measured in m
	// coord describes each velocity coordinate; offset is the displacement of a
	// multi-coordinate joint's coordinate since the start (its slider value).
	coord  []coordInfo
	offset []float64
	q0     []float64
}

// coordInfo is what a slider needs to know of a velocity coordinate.
type coordInfo struct {
	name     string
	joint    int  // index in Model.Joints
	absolute bool // a 1-DoF joint: the slider shows q itself
	linear   bool // m (else rad)
	lo, hi   float64
}

// Coordinate is one independent coordinate: its slider's value and range, in Unit ("m"
// or "rad"). Absolute is true when Value is the joint coordinate itself (1-DoF joints),
// false when it is the displacement since the start (coordinates of multi-DoF joints).
type Coordinate struct {
	Name     string  `json:"name"`
	Value    float64 `json:"value"`
	Min      float64 `json:"min"`
	Max      float64 `json:"max"`
	Unit     string  `json:"unit"`
	Absolute bool    `json:"absolute"`
}

// Module is a dependency module: its cuts, the coordinates it determines and its inputs.
type Module struct {
	Cuts      []string `json:"cuts"`
	Dependent []string `json:"dependent"`
	Inputs    []string `json:"inputs"`
}

// State is the configuration the page draws after each request.
type State struct {
	// Poses are the node poses, the ground first.
	Poses []Pose `json:"poses"`
	// GapM and GapRad are the largest closure residuals; Cuts each cut's own.
	GapM   float64        `json:"closure_gap_m"`
	GapRad float64        `json:"closure_gap_rad"`
	Cuts   map[string]Gap `json:"cuts"`
	// Coordinates are the independent coordinates of the current partition.
	Coordinates []Coordinate `json:"coordinates"`
	Rank        int          `json:"rank"`
	Mobility    int          `json:"mobility"`
	Modules     []Module     `json:"modules"`
	// Refused says why the tracker stopped short of the request ("" when it did not).
	Refused string `json:"refused"`
	// Reconfigurations counts the tracker's partition changes so far.
	Reconfigurations int `json:"reconfigurations"`
}

// NewSession wraps the assembled workspace d of model m.
func NewSession(m *robocompiler.Model, d *robocompiler.Data, length float64) *Session {
	s := &Session{m: m, d: d, poser: NewPoser(m), length: length, lin: closure.RowLinear(m.Model),
		coord: make([]coordInfo, m.NV), offset: make([]float64, m.NV), q0: slices.Clone(d.Q)}
	names := m.CoordinateNames()
	for ji, j := range m.Joints {
		for k := range j.NV {
			c := coordInfo{name: names[j.V0+k], joint: ji, absolute: j.NV == 1}
			c.linear = isLinear(j.Model.Kind, k)
			span := math.Pi
			if c.linear {
				span = length / 2
			}
			c.lo, c.hi = -span, span
			if c.absolute {
				q := d.Q[j.Q0]
				c.lo, c.hi = q-span, q+span
				if j.Model.Limited {
					c.lo, c.hi = j.Model.Lower[0], j.Model.Upper[0]
				}
			}
			s.coord[j.V0+k] = c
		}
	}
	return s
}

// isLinear reports whether velocity coordinate k of a joint of the kind is a translation.
func isLinear(kind joint.Kind, k int) bool {
	switch kind {
	case joint.Prismatic:
		return true
	case joint.Free:
		return k >= 3
	case joint.Planar:
		return k < 2
	}
	return false
}

// State returns the current state.
func (s *Session) State() *State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state("")
}

// Reset returns the workspace to the configuration it started from.
func (s *Session) Reset() (*State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.d.Reset(s.q0); err != nil {
		return s.state(err.Error()), nil
	}
	clear(s.offset)
	return s.state(""), nil
}

// Move drives the named independent coordinates to the target slider values by tracker
// steps (at most maxStepRad or maxStepLength·length each), keeping every loop closed. A
// name that is not an independent coordinate, or a value that is not finite, is an
// error (nothing moves); when the tracker refuses a step (singular configuration, rank
// change) or a joint would leave its limits, the state stays at the last accepted step
// and State.Refused says why.
func (s *Session) Move(target map[string]float64) (*State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ind := s.independent()
	for name, v := range target {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("coordinate %q: value %v is not a finite number", name, v)
		}
		if !slices.ContainsFunc(ind, func(c int) bool { return s.coord[c].name == name }) {
			return nil, fmt.Errorf("%q is not an independent coordinate (they are %s)", name, strings.Join(s.names(ind), ", "))
		}
	}
	refused := ""
	du := make([]float64, len(ind))
	for step := 0; ; step++ {
		ind = s.independent()
		if len(du) != len(ind) {
			du = make([]float64, len(ind))
		}
		scale, done := 1.0, true
		for k, c := range ind {
			du[k] = 0
			if v, ok := target[s.coord[c].name]; ok {
				du[k] = v - s.value(c)
			}
			limit := maxStepRad
			if s.coord[c].linear {
				limit = maxStepLength * s.length
			}
			if math.Abs(du[k]) > 1e-12 {
				done = false
			}
			if math.Abs(du[k]) > limit {
				scale = min(scale, limit/math.Abs(du[k]))
			}
		}
		if done {
			break
		}
		if step == maxSteps {
			refused = fmt.Sprintf("stopped after %d tracker steps short of the target", maxSteps)
			break
		}
		for k := range du {
			du[k] *= scale
		}
		if msg := s.step(ind, du); msg != "" {
			refused = msg
			break
		}
	}
	if refused == "" {
		refused = s.lostTargets(target)
	}
	return s.state(refused), nil
}

// step makes one tracker step du along the independent coordinates ind and returns why it
// was refused ("" when accepted). A step that takes a joint outside its limits is undone.
func (s *Session) step(ind []int, du []float64) string {
	saved := slices.Clone(s.d.Q)
	if err := s.d.Track(du); err != nil {
		return "the tracker refused the step: " + err.Error()
	}
	for _, j := range s.m.Joints {
		if j.NQ == 0 || !j.Model.Limited {
			continue
		}
		if qj := s.d.Q[j.Q0 : j.Q0+j.NQ]; !j.Model.WithinLimits(qj, 1e-9) {
			if err := s.d.Reset(saved); err != nil {
				return fmt.Sprintf("joint %q reached its limit, and returning failed: %v", j.ID, err)
			}
			return fmt.Sprintf("joint %q reached its limits [%.4g, %.4g]", j.ID, j.Model.Lower[0], j.Model.Upper[0])
		}
	}
	for k, c := range ind {
		s.offset[c] += du[k]
	}
	return ""
}

// lostTargets names the targets that stopped being independent coordinates when the
// tracker reconfigured during a move ("" when none did).
func (s *Session) lostTargets(target map[string]float64) string {
	now := s.names(s.independent())
	var lost []string
	for name := range target {
		if !slices.Contains(now, name) {
			lost = append(lost, name)
		}
	}
	if len(lost) == 0 {
		return ""
	}
	slices.Sort(lost)
	return fmt.Sprintf("the tracker changed the partition: %s no longer independent (now %s)", strings.Join(lost, ", "), strings.Join(now, ", "))
}

// independent returns the current independent velocity indices.
func (s *Session) independent() []int { return s.d.Partition().Independent }

// value is the slider value of velocity coordinate c.
func (s *Session) value(c int) float64 {
	if s.coord[c].absolute {
		return s.d.Q[s.m.Joints[s.coord[c].joint].Q0]
	}
	return s.offset[c]
}

// names returns the names of the velocity coordinates cs.
func (s *Session) names(cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = s.coord[c].name
	}
	return out
}

// state snapshots the workspace (the caller holds the mutex).
func (s *Session) state(refused string) *State {
	m, p := s.m, s.d.Partition()
	st := &State{Poses: s.poser.Poses(s.d.Q), Cuts: map[string]Gap{}, Rank: p.Rank, Mobility: p.Mobility,
		Refused: refused, Reconfigurations: s.d.Tracker.Reconfigurations, Coordinates: []Coordinate{}, Modules: []Module{}}
	rho := s.d.Closure().Rho
	all := gapOf(rho, s.lin, 0, len(rho))
	st.GapM, st.GapRad = all.M, all.Rad
	for i, g := range cutGaps(m.Model, rho, s.lin) {
		st.Cuts[m.Comparisons[i].ID] = g
	}
	isInd := make([]bool, m.NV)
	for _, c := range p.Independent {
		isInd[c] = true
		ci := s.coord[c]
		unit := "rad"
		if ci.linear {
			unit = "m"
		}
		v := s.value(c)
		st.Coordinates = append(st.Coordinates, Coordinate{Name: ci.name, Value: v, Min: min(ci.lo, v), Max: max(ci.hi, v), Unit: unit, Absolute: ci.absolute})
	}
	for _, mod := range m.Modules(isInd) {
		st.Modules = append(st.Modules, Module{Cuts: append([]string{}, mod.Cuts...), Dependent: s.names(mod.Dependent), Inputs: s.names(mod.Inputs)})
	}
	return st
}

package tasks

import (
	"fmt"
	"slices"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
)

// supportSchedule is a task file's support schedule: support sets active from given
// times, each compiled lazily as a support mode (Model.WithSupports) anchored where its
// sites are when it becomes active.
type supportSchedule struct {
	model *robocompiler.Model // the flight model
	from  []float64
	sites [][]string
	modes []*sim.Mode
	held  map[*sim.Mode][]string
}

// newSupportSchedule returns the schedule of the support sets sites active from the
// times from (increasing, from[0] = 0) on model m.
func newSupportSchedule(m *robocompiler.Model, from []float64, sites [][]string) *supportSchedule {
	return &supportSchedule{model: m, from: from, sites: sites, modes: make([]*sim.Mode, len(from)), held: map[*sim.Mode][]string{}}
}

// schedule implements sim.ModeSchedule.
func (s *supportSchedule) schedule(t float64, q []float64) (*sim.Mode, error) {
	i := 0
	for k, f := range s.from {
		if t >= f {
			i = k
		}
	}
	if s.modes[i] == nil {
		ms, err := s.model.WithSupports(q, s.sites[i])
		if err != nil {
			return nil, err
		}
		mo := &sim.Mode{Name: fmt.Sprintf("support %v", s.sites[i]), Model: ms}
		s.modes[i], s.held[mo] = mo, s.sites[i]
	}
	return s.modes[i], nil
}

// holds reports whether the point task's site is held by a support in mode mo.
func (s *supportSchedule) holds(mo *sim.Mode, t *kin.Task) bool {
	return s != nil && mo != nil && t.Point && slices.Contains(s.held[mo], t.ID)
}

// size returns the number of supports in mode mo.
func (s *supportSchedule) size(mo *sim.Mode) int {
	if s == nil || mo == nil {
		return 0
	}
	return len(s.held[mo])
}

package sim

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
)

// Mode is one support mode: a model with the same coordinates as the rollout's (for
// example with ideal supports that add closure rows and no coordinates) whose partition
// request (Model.Request; nil lets the partition choose) is used in it.
type Mode struct {
	// Name labels the mode in errors and logs.
	Name  string
	Model *robocompiler.Model
}

// ModeSchedule returns the mode active from time t (s) on, at the feasible
// configuration q (len NQ) reached by then. It is consulted at the start of every step;
// returning the pointer it returned before keeps the mode, another pointer switches to
// it, so a schedule may build a mode lazily when it becomes active (a support anchored
// where the foot is at touchdown).
type ModeSchedule func(t float64, q []float64) (*Mode, error)

// switchMode installs mo at the current configuration through Data.SwitchModel (the
// closure of the new mode assembled from Q, its partition, and the velocity projected as
// by an ideal inelastic impact). It allocates the new mode's workspaces.
func (s *Sim) switchMode(mo *Mode) error {
	copy(s.d.U, s.u)
	tr := s.d.Tracker
	if err := s.d.SwitchModel(mo.Model); err != nil {
		return fmt.Errorf("sim: switching to mode %q at t = %g s: %w", mo.Name, s.t, err)
	}
	s.counts.add(tr)
	prev := s.mode
	s.mode, s.linear = mo, closure.RowLinear(mo.Model.Model)
	s.resize(s.d.Mobility())
	copy(s.u, s.d.U)
	s.modeSwitches++
	from := []string{}
	if prev != nil {
		from = []string{prev.Name}
	}
	s.events = append(s.events, Event{T: s.t, Step: s.step, Kind: EventMode, From: from, To: []string{mo.Name}})
	s.seenEvents = len(s.d.Tracker.Events)
	return nil
}

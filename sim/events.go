package sim

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Event kinds.
const (
	// EventReconfiguration is a computational reconfiguration: the dependent block of the
	// partition became ill-conditioned and the tracker chose new independent coordinates
	// (or, with the same ones, new closure rows); the mechanism and its motion are
	// unchanged, and the controller's port efforts keep their physical meaning.
	EventReconfiguration = "reconfiguration"
	// EventMode is a support-mode switch (ModeSchedule).
	EventMode = "mode"
)

// Event is one logged rollout event.
type Event struct {
	// T is the time (s) of the configuration where it happened, Step the integrator step
	// (0-based) during which it happened.
	T    float64 `json:"t"`
	Step int     `json:"step"`
	// Kind is EventReconfiguration or EventMode.
	Kind string `json:"kind"`
	// From and To are the independent coordinates before and after a reconfiguration
	// (coordinate names, Model.CoordinateNames), or the old and new mode names.
	From []string `json:"from"`
	To   []string `json:"to"`
	// RCond is the reciprocal condition number of the old partition's scaled dependent
	// block where a reconfiguration was decided (0 for mode switches).
	RCond float64 `json:"rcond"`
}

// String describes the event in one line.
func (e Event) String() string {
	if e.Kind == EventMode {
		return fmt.Sprintf("t = %.6g s: support mode %s → %s", e.T, strings.Join(e.From, ", "), strings.Join(e.To, ", "))
	}
	return fmt.Sprintf("t = %.6g s: reconfiguration, independent %s → %s (reciprocal condition %.3g)",
		e.T, strings.Join(e.From, ", "), strings.Join(e.To, ", "), e.RCond)
}

// WriteEventsCSV writes events as CSV with the header t,step,kind,from,to,rcond; the
// coordinate lists are joined by spaces.
func WriteEventsCSV(w io.Writer, events []Event) error {
	b := bufio.NewWriter(w)
	b.WriteString("t,step,kind,from,to,rcond\n")
	for _, e := range events {
		b.WriteString(strconv.FormatFloat(e.T, 'g', -1, 64) + "," + strconv.Itoa(e.Step) + "," + e.Kind + "," +
			strings.Join(e.From, " ") + "," + strings.Join(e.To, " ") + "," + strconv.FormatFloat(e.RCond, 'g', -1, 64) + "\n")
	}
	return b.Flush()
}

// SingularPartitionError stops a rollout with Options.Reconfigure = ReconfigureOff when
// the partition's dependent block becomes singular: continuing would need new
// independent coordinates. It is a numerical failure (CLI exit 3); the log up to the
// step before stays available (Sim.Log).
type SingularPartitionError struct {
	// T is the time (s) of the configuration where the partition became singular.
	T float64
	// Independent names the independent coordinates that became singular (the
	// requested ones), Alternative the ones the tracker would have switched to.
	Independent, Alternative []string
	// RCond is the reciprocal condition number of the scaled dependent block there.
	RCond float64
}

// Error names the singular coordinates, the time and the way out.
func (e *SingularPartitionError) Error() string {
	return fmt.Sprintf("the partition with independent coordinates %s became singular at t = %.6g s (its dependent block ill-conditioned, reciprocal condition %.3g, below the tracker's threshold) and reconfiguration is off; with it on, the rollout would continue with independent %s",
		strings.Join(e.Independent, ", "), e.T, e.RCond, strings.Join(e.Alternative, ", "))
}

// logSwitches records the tracker's reconfigurations since the last call as events at
// time t, starting from the independent coordinates from. With reconfiguration off, a
// change of the independent coordinates is a *SingularPartitionError.
func (s *Sim) logSwitches(t float64, from []string) error {
	evs := s.d.Tracker.Events
	for _, ev := range evs[s.seenEvents:] {
		e := Event{T: t, Step: s.step, Kind: EventReconfiguration, From: from, To: ev.Independent, RCond: ev.RCond}
		s.events = append(s.events, e)
		if s.opts.Reconfigure == ReconfigureOff && !slices.Equal(e.From, e.To) {
			s.seenEvents = len(evs)
			return &SingularPartitionError{T: t, Independent: e.From, Alternative: e.To, RCond: ev.RCond}
		}
		from = ev.Independent
	}
	s.seenEvents = len(evs)
	return nil
}

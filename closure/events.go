package closure

import (
	"fmt"
	"strings"
)

// Reconfiguration is a computational reconfiguration recorded by a Tracker: the
// dependent block R_p became ill-conditioned while the rank of C stayed the same, so the
// partition changed; the mechanism did not.
type Reconfiguration struct {
	// Step is the tracker step (1-based) whose end configuration triggered it.
	Step int
	// RCond is the reciprocal condition number of the old scaled R_p there, NewRCond that
	// of the new one.
	RCond, NewRCond float64
	// Requested names the independent coordinates asked for (empty when automatic), and
	// Kept says whether they stayed independent (only the selected rows changed).
	Requested []string
	Kept      bool
	// Independent names the independent coordinates from now on.
	Independent []string
}

// String describes the reconfiguration, saying whether the requested coordinates were
// kept.
func (r Reconfiguration) String() string {
	msg := fmt.Sprintf("step %d: R_p ill-conditioned (reciprocal condition %.3g) at unchanged rank; new partition with independent %s (reciprocal condition %.3g)",
		r.Step, r.RCond, strings.Join(r.Independent, ", "), r.NewRCond)
	switch {
	case len(r.Requested) == 0:
	case r.Kept:
		msg += "; the requested independent coordinates are kept, only the selected rows changed"
	default:
		msg += fmt.Sprintf("; the requested independent coordinates %s are not a valid, well-conditioned partition here", strings.Join(r.Requested, ", "))
	}
	return msg
}

// RankChangeError is a mechanism event: the rank of C changed along a tracked motion (a
// singular configuration where the mobility changes, such as a four-bar flattening).
// The tracker does not continue through it.
type RankChangeError struct {
	// Step is the tracker step (1-based) during which the change was found.
	Step int
	// From is the rank the tracker was following, To the rank decided at Q.
	From, To int
	// Rows are the residual rows whose pivots crossed the rank cut (in pivot order) and
	// Cuts the comparisons or couplings owning them.
	Rows []int
	Cuts []string
	// Q is the configuration where the rank was decided (len NQ): the end of the step,
	// or the located crossing when det R_p changed sign inside the step.
	Q []float64
}

// Error describes the event.
func (e *RankChangeError) Error() string {
	return fmt.Sprintf("rank change at tracking step %d: the closure Jacobian's rank went from %d to %d (mobility %+d) in cuts %s (rows %v); this is a mechanism event, not a numerical failure",
		e.Step, e.From, e.To, e.From-e.To, strings.Join(e.Cuts, ", "), e.Rows)
}

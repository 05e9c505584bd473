package sim

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/internal/testfix"
)

// rockerRCond is the tracker's re-decision threshold for the rocker partition: the
// rocker angle folds at the rocker's dead centres (crank and coupler aligned), where its
// scaled dependent block's reciprocal condition falls like the square root of the
// distance; re-deciding at 1e-2 switches a few steps before the fold instead of
// stepping the rocker past its extreme.
const rockerRCond = 1e-2

// rockerFourBar assembles the built-in four-bar at rest with the rocker angle requested
// as its independent coordinate.
func rockerFourBar(t testing.TB) *robocompiler.Data {
	t.Helper()
	g := testfix.Builtin(t, "fourbar")
	g.PartitionRequests["rocker"] = []string{"rocker_pivot"}
	m, err := robocompiler.Compile(g, robocompiler.Options{Partition: "rocker", Tracking: closure.TrackerOptions{RCondTol: rockerRCond}})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	return d
}

// balance returns the largest deviation of balance_J from its first value and the
// energy scale it is measured against: the largest |work|, kinetic energy, dissipated
// energy or potential-energy change of the log.
func balance(t testing.TB, l *Log) (drift, scale float64) {
	t.Helper()
	b, w, k, p, x := column(t, l, "balance_J"), column(t, l, "work_J"), column(t, l, "kinetic_J"),
		column(t, l, "potential_J"), column(t, l, "dissipated_J")
	for i := range b {
		drift = math.Max(drift, math.Abs(b[i]-b[0]))
		scale = math.Max(scale, math.Max(math.Max(math.Abs(w[i]), k[i]), math.Max(x[i], math.Abs(p[i]-p[0]))))
	}
	return drift, scale
}

// TestReconfigureThroughDeadCentre: the four-bar falls from rest with the rocker angle
// as its independent coordinate and passes the rocker's dead centre; the rollout
// switches the partition there, logs the switch (time, old and new independent
// coordinates) and runs on for 10 s on the closure manifold without energy drift.
func TestReconfigureThroughDeadCentre(t *testing.T) {
	s, err := New(rockerFourBar(t), nil, Options{Dt: 1e-3, Integrator: RK4, LogEvery: 10})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(10000); err != nil {
		t.Fatal(err)
	}
	evs := s.Events()
	if len(evs) == 0 {
		t.Fatal("no partition switch logged")
	}
	first := evs[0]
	if first.Kind != EventReconfiguration || !slices.Equal(first.From, []string{"rocker_pivot"}) || slices.Equal(first.To, first.From) ||
		!(first.T > 0 && first.T < 10) || !(first.RCond < rockerRCond) {
		t.Errorf("first event %+v: want a reconfiguration away from rocker_pivot inside the run", first)
	}
	st := s.Stats()
	if st.Reconfigurations != len(evs) {
		t.Errorf("%d reconfigurations counted, %d events logged", st.Reconfigurations, len(evs))
	}
	if st.GapMaxM > 1e-10 || st.GapMaxRad > 1e-10 {
		t.Errorf("closure gap %.3g m, %.3g rad", st.GapMaxM, st.GapMaxRad)
	}
	drift, scale := balance(t, s.Log())
	if !(drift <= 1e-6*scale) || scale < 1e-2 {
		t.Errorf("energy drift %.3g J against %.3g J (bound 1e-6 relative)", drift, scale)
	}
	t.Logf("%d switches, first %v; drift %.3g J of %.3g J; gap %.3g m", len(evs), first, drift, scale, st.GapMaxM)
}

// TestReconfigureOff: with reconfiguration off the same rollout stops where the rocker
// partition becomes singular, naming the rocker coordinate and the time of the switch
// the default policy makes, and keeps the log up to there.
func TestReconfigureOff(t *testing.T) {
	on, err := New(rockerFourBar(t), nil, Options{Dt: 1e-3, Integrator: RK4})
	if err != nil {
		t.Fatal(err)
	}
	if err := on.Run(1000); err != nil || len(on.Events()) == 0 {
		t.Fatalf("reference run: %v, %d events", err, len(on.Events()))
	}
	s, err := New(rockerFourBar(t), nil, Options{Dt: 1e-3, Integrator: RK4, Reconfigure: ReconfigureOff})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Run(10000)
	var sp *SingularPartitionError
	if !errors.As(err, &sp) {
		t.Fatalf("got %v, want a *SingularPartitionError", err)
	}
	if !slices.Equal(sp.Independent, []string{"rocker_pivot"}) || sp.T != on.Events()[0].T {
		t.Errorf("error %+v: want rocker_pivot at t = %g s", sp, on.Events()[0].T)
	}
	tcol := column(t, s.Log(), "t")
	if len(tcol) == 0 || !(tcol[len(tcol)-1] < sp.T) || tcol[len(tcol)-1] < sp.T-2e-3 {
		t.Errorf("log ends at %v, want the step before t = %g s", tcol[len(tcol)-1:], sp.T)
	}
	t.Log(err)
}

// TestReconfigureKeepsEfforts: a controller commanding a time-varying crank torque (a
// physical port effort, whatever the independent coordinates) drives the four-bar across
// the switch; the work of that effort closes the energy balance through the switch.
func TestReconfigureKeepsEfforts(t *testing.T) {
	ctrl := ControllerFunc(func(s *State, _ *robocompiler.Data, c *Command) error {
		c.F[0] = 0.3 * math.Sin(3*s.T)
		return nil
	})
	s, err := New(rockerFourBar(t), ctrl, Options{Dt: 1e-3, Integrator: RK4})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(3000); err != nil {
		t.Fatal(err)
	}
	if len(s.Events()) == 0 {
		t.Fatal("no partition switch logged")
	}
	l := s.Log()
	tc, f := column(t, l, "t"), column(t, l, "f:crank_motor")
	for i := range tc {
		if want := 0.3 * math.Sin(3*tc[i]); f[i] != want {
			t.Fatalf("t = %g s: port effort %g, commanded %g", tc[i], f[i], want)
		}
	}
	drift, scale := balance(t, l)
	if !(drift <= 1e-6*scale) {
		t.Errorf("energy drift %.3g J against %.3g J", drift, scale)
	}
}

// TestFoldHint: with the tracker's default re-decision threshold the rocker partition is
// kept until a step overshoots the rocker's extreme, where no configuration closes; the
// error then names the nearly singular coordinates and the threshold to raise.
func TestFoldHint(t *testing.T) {
	d := rockerFourBar(t)
	m := *d.Model()
	m.Tracking = closure.TrackerOptions{}
	dd := m.NewData()
	if err := dd.Place(d.Q, d.Partition()); err != nil {
		t.Fatal(err)
	}
	s, err := New(dd, nil, Options{Dt: 1e-3, Integrator: RK4})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Run(1000)
	if err == nil || len(s.Events()) > 0 {
		t.Skipf("the default threshold got through (%d events): nothing to report", len(s.Events()))
	}
	for _, want := range []string{"rocker_pivot", "nearly singular", "RCondTol"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

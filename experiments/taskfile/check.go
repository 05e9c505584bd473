package taskfile

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Defaults applied by check.
const (
	DefaultIntegrator    = "rk4"
	DefaultInterpolation = "minimum_jerk"
)

// Controller kinds.
var controllerKinds = []string{"none", "port_pd", "computed_torque", "task_pd"}

// Runners are the robot-specific Go experiments a file may select.
var Runners = []string{"go2", "go2_native", "kangaroo_landing", "kangaroo_landing_native", "panda"}

// MetricStats are the rollout statistics a metric may report.
var MetricStats = []string{"closure_gap_m", "closure_gap_rad", "native_gap", "constraint_qerr", "constraint_uerr", "balance_drift",
	"reconfigurations", "mode_switches", "steps"}

// Backends are the engines a run may use.
var Backends = []string{"reduced", "mujoco", "simbody"}

// checker collects the first error.
type checker struct {
	f   *File
	err error
}

func (c *checker) fail(field, format string, args ...any) {
	if c.err == nil {
		c.err = c.f.Errorf(field, format, args...)
	}
}

func (c *checker) finite(field string, x float64) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		c.fail(field, "%v: expected a finite number", x)
		return false
	}
	return true
}

// vec3 checks an optional 3-vector (nil: zero) and returns it with its default.
func (c *checker) vec3(field string, v []float64) []float64 {
	if v == nil {
		return []float64{0, 0, 0}
	}
	if len(v) != 3 {
		c.fail(field, "%d values: expected 3 (x, y, z)", len(v))
		return []float64{0, 0, 0}
	}
	for _, x := range v {
		c.finite(field, x)
	}
	return v
}

func (c *checker) positive(field string, x float64, unit string) {
	if c.finite(field, x) && !(x > 0) {
		c.fail(field, "%g %s: expected a positive number", x, unit)
	}
}

func (c *checker) nonNegative(field string, x float64, unit string) {
	if c.finite(field, x) && x < 0 {
		c.fail(field, "%g %s: expected zero or a positive number", x, unit)
	}
}

func (c *checker) oneOf(field, v string, valid []string) {
	if !slices.Contains(valid, v) {
		c.fail(field, "%q: expected one of %s", v, strings.Join(valid, ", "))
	}
}

// check validates what does not need the model and applies the defaults.
func (f *File) check() error {
	c := &checker{f: f}
	s := &f.Spec
	if s.Model == "" {
		c.fail("model", "missing: expected a built-in model name or a model file")
	}
	if s.Name == "" {
		s.Name = strings.TrimSuffix(strings.TrimSuffix(baseName(f.Path), ".yaml"), ".yml")
	}
	c.positive("duration", s.Duration, "s")
	if s.Runner != "" {
		c.oneOf("runner", s.Runner, Runners)
		f.checkStart(c)
		return c.err
	}
	c.positive("step", s.Step, "s")
	if c.err == nil && s.Step > s.Duration {
		c.fail("step", "%g s is longer than the duration %g s", s.Step, s.Duration)
	}
	if s.Integrator == "" {
		s.Integrator = DefaultIntegrator
	}
	c.oneOf("integrator", s.Integrator, []string{"rk4", "euler", "euler_implicit"})
	if s.LogEvery < 0 {
		c.fail("log_every", "%d: expected a positive number of steps", s.LogEvery)
	}
	s.LogEvery = max(s.LogEvery, 1)
	if s.Reconfigure == "" {
		s.Reconfigure = "on"
	}
	c.oneOf("reconfigure", s.Reconfigure, []string{"on", "off"})
	if !(s.RCondTol >= 0 && s.RCondTol < 1) {
		c.fail("rcond_tol", "%g: expected a reciprocal condition number in [0, 1)", s.RCondTol)
	}
	for i, p := range s.AddPorts {
		fld := fmt.Sprintf("add_ports[%d]", i)
		if p.ID == "" || p.Joint == "" {
			c.fail(fld, "expected id and joint")
		}
		if p.Gear == 0 {
			s.AddPorts[i].Gear = 1
		}
		c.finite(fld+".gear", s.AddPorts[i].Gear)
	}
	for i, st := range s.AddSites {
		fld := fmt.Sprintf("add_sites[%d]", i)
		if st.ID == "" || st.Body == "" {
			c.fail(fld, "expected id and body")
		}
		s.AddSites[i].Point = c.vec3(fld+".point", st.Point)
	}
	f.checkStart(c)
	names := map[string]bool{}
	for i := range s.References {
		r := &s.References[i]
		fld := fmt.Sprintf("references[%d]", i)
		if r.Name == "" {
			c.fail(fld+".name", "missing: expected the reference's name")
		}
		if names[r.Name] {
			c.fail(fld+".name", "%q names two references", r.Name)
		}
		names[r.Name] = true
		f.checkReference(c, fld, r)
	}
	f.checkController(c, names)
	for i, sp := range s.Supports {
		fld := fmt.Sprintf("supports[%d]", i)
		c.nonNegative(fld+".from", sp.From, "s")
		if i > 0 && !(sp.From > s.Supports[i-1].From) {
			c.fail(fld+".from", "%g s: support times must increase (the previous one starts at %g s)", sp.From, s.Supports[i-1].From)
		}
		if i == 0 && sp.From != 0 {
			c.fail(fld+".from", "%g s: the first support set must start at 0", sp.From)
		}
	}
	for i, d := range s.Disturbances {
		fld := fmt.Sprintf("disturbances[%d]", i)
		if d.Body == "" {
			c.fail(fld+".body", "missing: expected the body the wrench acts on")
		}
		s.Disturbances[i].Force = c.vec3(fld+".force", d.Force)
		s.Disturbances[i].Moment = c.vec3(fld+".moment", d.Moment)
		s.Disturbances[i].Point = c.vec3(fld+".point", d.Point)
		c.nonNegative(fld+".start", d.Start, "s")
		c.nonNegative(fld+".ramp", d.Ramp, "s")
		if c.finite(fld+".end", d.End) && !(d.End > d.Start) {
			c.fail(fld+".end", "%g s: expected a time after start (%g s)", d.End, d.Start)
		}
		if 2*d.Ramp > d.End-d.Start {
			c.fail(fld+".ramp", "%g s: two ramps do not fit in the window [%g, %g] s", d.Ramp, d.Start, d.End)
		}
	}
	f.checkRuns(c)
	f.checkMetrics(c)
	for i := range s.Plots {
		p := &s.Plots[i]
		fld := fmt.Sprintf("plots[%d]", i)
		if !strings.HasSuffix(p.File, ".png") || strings.ContainsAny(p.File, `/\`) {
			c.fail(fld+".file", "%q: expected a file name ending in .png", p.File)
		}
		if len(p.Columns) == 0 {
			c.fail(fld+".columns", "missing: expected the log columns to plot")
		}
		if p.Scale == 0 {
			p.Scale = 1
		}
		c.finite(fld+".scale", p.Scale)
		f.checkRunNames(c, fld+".runs", p.Runs)
	}
	return c.err
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

func (f *File) checkStart(c *checker) {
	st := &f.Spec.Start
	if st.Seed != "" && st.Keyframe != "" {
		c.fail("start", "give seed or keyframe, not both")
	}
	if st.Keyframe != "" {
		st.Seed = st.Keyframe
	}
	for j, v := range st.Q {
		for _, x := range v {
			c.finite("start.q."+j, x)
		}
	}
	for j, v := range st.V {
		for _, x := range v {
			c.finite("start.v."+j, x)
		}
	}
}

func (f *File) checkReference(c *checker, fld string, r *Reference) {
	set := 0
	for _, b := range []bool{len(r.Coordinates) > 0, len(r.Ports) > 0, r.Site != ""} {
		if b {
			set++
		}
	}
	if set != 1 {
		c.fail(fld, "expected exactly one of coordinates, ports or site")
		return
	}
	if r.ErrorColumn == "" {
		r.ErrorColumn = "err:" + r.Name
	}
	if r.Site != "" {
		if r.Values != nil {
			c.fail(fld+".values", "a site reference has position and orientation, not values")
		}
		if r.Position == nil && r.Orientation == nil {
			c.fail(fld, "missing: expected position and/or orientation")
		}
		if r.RelativeTo != "" && (r.Orientation != nil || r.Position == nil) {
			c.fail(fld+".relative_to", "a reference relative to another site is a position: give position and no orientation")
		}
		if r.Orientation != nil && !r.Relative {
			c.fail(fld+".orientation", "an orientation signal is a rotation vector applied to the start orientation: set relative: true")
		}
		f.checkSignal(c, fld+".position", r.Position, 3)
		f.checkSignal(c, fld+".orientation", r.Orientation, 3)
		return
	}
	if r.Position != nil || r.Orientation != nil || r.RelativeTo != "" {
		c.fail(fld, "position, orientation and relative_to belong to site references; coordinates and ports take values")
	}
	if r.Values == nil {
		c.fail(fld+".values", "missing: expected waypoints, sine or csv")
	}
	f.checkSignal(c, fld+".values", r.Values, len(r.Coordinates)+len(r.Ports))
}

// checkSignal checks a signal of n components (nil is fine).
func (f *File) checkSignal(c *checker, fld string, s *Signal, n int) {
	if s == nil {
		return
	}
	set := 0
	if s.Waypoints != nil {
		set++
	}
	if len(s.Sine) > 0 {
		set++
	}
	if s.CSV != nil {
		set++
	}
	if set != 1 {
		c.fail(fld, "expected exactly one of waypoints, sine or csv")
		return
	}
	c.nonNegative(fld+".fade_in", s.FadeIn, "s")
	switch {
	case s.Waypoints != nil:
		w := s.Waypoints
		if w.Interpolation == "" {
			w.Interpolation = DefaultInterpolation
		}
		c.oneOf(fld+".waypoints.interpolation", w.Interpolation, []string{"linear", "cubic", "minimum_jerk"})
		if len(w.Times) == 0 || len(w.Times) != len(w.Values) {
			c.fail(fld+".waypoints", "expected times and values of the same positive length (%d times, %d values)", len(w.Times), len(w.Values))
			return
		}
		for i, t := range w.Times {
			c.finite(fmt.Sprintf("%s.waypoints.times[%d]", fld, i), t)
			if i > 0 && !(t > w.Times[i-1]) {
				c.fail(fmt.Sprintf("%s.waypoints.times[%d]", fld, i), "%g s: waypoint times must increase (the previous one is %g s)", t, w.Times[i-1])
			}
		}
		for i, v := range w.Values {
			vf := fmt.Sprintf("%s.waypoints.values[%d]", fld, i)
			if len(v) != n {
				c.fail(vf, "%d values: expected %d (one per component)", len(v), n)
			}
			for _, x := range v {
				c.finite(vf, x)
			}
		}
	case len(s.Sine) > 0:
		if len(s.Sine) != n {
			c.fail(fld+".sine", "%d sinusoids: expected %d (one per component)", len(s.Sine), n)
		}
		for i := range s.Sine {
			sf := fmt.Sprintf("%s.sine[%d]", fld, i)
			x := &s.Sine[i]
			for k, v := range map[string]float64{"amplitude": x.Amplitude, "frequency": x.Frequency, "phase": x.Phase, "offset": x.Offset} {
				c.finite(sf+"."+k, v)
			}
			if x.Shape == "" {
				x.Shape = "sin"
			}
			c.oneOf(sf+".shape", x.Shape, []string{"sin", "cos", "1-cos"})
		}
	default:
		v := s.CSV
		if v.File == "" {
			c.fail(fld+".csv.file", "missing: expected a CSV file")
		}
		if v.Time == "" {
			v.Time = "t"
		}
		if v.Interpolation == "" {
			v.Interpolation = "linear"
		}
		c.oneOf(fld+".csv.interpolation", v.Interpolation, []string{"linear", "cubic", "minimum_jerk"})
		if len(v.Columns) != n {
			c.fail(fld+".csv.columns", "%d columns: expected %d (one per component)", len(v.Columns), n)
		}
	}
}

func (f *File) checkController(c *checker, refs map[string]bool) {
	k := &f.Spec.Controller
	if k.Kind == "" {
		c.fail("controller.kind", "missing: expected one of %s", strings.Join(controllerKinds, ", "))
		return
	}
	c.oneOf("controller.kind", k.Kind, controllerKinds)
	for _, x := range []struct {
		name string
		v    float64
	}{{"kp", k.Kp}, {"kd", k.Kd}, {"task_gain", k.TaskGain}, {"speed_gain", k.SpeedGain}} {
		c.nonNegative("controller."+x.name, x.v, "")
	}
	switch k.Kind {
	case "port_pd", "computed_torque":
		if !refs[k.Reference] {
			c.fail("controller.reference", "%q: expected the name of a reference (have %s)", k.Reference, names(f.Spec.References))
		}
		if k.Feedforward == nil {
			k.Feedforward = ptr(k.Kind == "computed_torque")
		}
	case "task_pd":
		if len(k.Targets) == 0 {
			c.fail("controller.targets", "missing: expected the site references to track")
		}
		for i, t := range k.Targets {
			if !refs[t] {
				c.fail(fmt.Sprintf("controller.targets[%d]", i), "%q: expected the name of a site reference (have %s)", t, names(f.Spec.References))
			}
		}
		if k.Feedforward == nil {
			k.Feedforward = ptr(true)
		}
		if q := k.QP; q != nil {
			if len(k.Targets) != 1 {
				c.fail("controller.qp", "the QP resolves one target; %d are given", len(k.Targets))
			}
			c.nonNegative("controller.qp.barrier", q.Barrier, "J·s")
			if q.Horizon == 0 {
				q.Horizon = 0.2
			}
			c.positive("controller.qp.horizon", q.Horizon, "s")
			for i, v := range q.Speed {
				c.positive(fmt.Sprintf("controller.qp.speed[%d]", i), v, "per s")
			}
			if len(q.Speed) > 0 && len(q.Ports) > 0 && len(q.Speed) != len(q.Ports) {
				c.fail("controller.qp.speed", "%d speeds for %d ports", len(q.Speed), len(q.Ports))
			}
		}
	default:
		k.Feedforward = ptr(false)
	}
}

func names(refs []Reference) string {
	var out []string
	for _, r := range refs {
		out = append(out, r.Name)
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

func ptr[T any](v T) *T { return &v }

func (f *File) checkRuns(c *checker) {
	s := &f.Spec
	if len(s.Runs) == 0 {
		s.Runs = []Run{{Name: s.Name}}
	}
	seen := map[string]bool{}
	for i := range s.Runs {
		r := &s.Runs[i]
		fld := fmt.Sprintf("runs[%d]", i)
		if r.Name == "" || strings.ContainsAny(r.Name, `/\ `) {
			c.fail(fld+".name", "%q: expected a name without spaces or slashes (it names the run's CSV file)", r.Name)
		}
		if seen[r.Name] {
			c.fail(fld+".name", "%q names two runs", r.Name)
		}
		seen[r.Name] = true
		if r.Backend == "" {
			r.Backend = "reduced"
		}
		c.oneOf(fld+".backend", r.Backend, Backends)
		if r.Substeps < 0 {
			c.fail(fld+".substeps", "%d: expected a positive number", r.Substeps)
		}
		r.Substeps = max(r.Substeps, 1)
		if r.EnforcedOnly && r.Backend != "simbody" {
			c.fail(fld+".enforced_only", "only a simbody run chooses the rows its engine holds (backend is %s)", r.Backend)
		}
		for j, p := range r.Payload {
			pf := fmt.Sprintf("%s.payload[%d]", fld, j)
			if p.Body == "" {
				c.fail(pf+".body", "missing: expected a body id")
			}
			c.positive(pf+".mass", p.Mass, "kg")
		}
	}
}

func (f *File) checkRunNames(c *checker, fld string, runs []string) {
	for i, r := range runs {
		if !slices.ContainsFunc(f.Spec.Runs, func(x Run) bool { return x.Name == r }) {
			c.fail(fmt.Sprintf("%s[%d]", fld, i), "%q: expected a run name (have %s)", r, runNames(f.Spec.Runs))
		}
	}
}

func runNames(runs []Run) string {
	var out []string
	for _, r := range runs {
		out = append(out, r.Name)
	}
	return strings.Join(out, ", ")
}

func (f *File) checkMetrics(c *checker) {
	for i := range f.Spec.Metrics {
		m := &f.Spec.Metrics[i]
		fld := fmt.Sprintf("metrics[%d]", i)
		if m.Name == "" {
			c.fail(fld+".name", "missing: expected the metric's name")
		}
		kinds := 0
		for _, b := range []bool{m.RMS != "", len(m.Peak) > 0, m.Min != "", m.Final != "", m.Stat != "", len(m.Diff) > 0, m.RMSDiff != ""} {
			if b {
				kinds++
			}
		}
		if kinds != 1 {
			c.fail(fld, "expected exactly one of rms, peak, min, final, stat, diff or rms_diff")
		}
		if m.Stat != "" {
			c.oneOf(fld+".stat", m.Stat, MetricStats)
		}
		compares := len(m.Diff) > 0 || m.RMSDiff != ""
		if compares && len(m.Between) != 2 {
			c.fail(fld+".between", "expected the two runs to compare")
		}
		if !compares && len(m.Between) > 0 {
			c.fail(fld+".between", "only a diff or rms_diff metric compares runs")
		}
		if m.Relative && m.RMSDiff == "" {
			c.fail(fld+".relative", "only an rms_diff metric is relative")
		}
		f.checkRunNames(c, fld+".between", m.Between)
		f.checkRunNames(c, fld+".runs", m.Runs)
		if m.Window != nil {
			if len(m.Window) != 2 || !(m.Window[1] > m.Window[0]) {
				c.fail(fld+".window", "%v: expected [t0, t1] with t1 > t0 (s)", m.Window)
			}
		}
		if m.Scale == 0 {
			m.Scale = 1
		}
		c.finite(fld+".scale", m.Scale)
	}
}

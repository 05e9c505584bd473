// Package taskfile reads and checks simulate task files: YAML documents (docs/task-format.md,
// schema.json) that name a model, a start, references, a controller, support modes,
// disturbances, integrator settings, named runs and the metrics and plots to report.
// Parse checks everything that does not need the model (types, required fields, units,
// ordering); names of ports, sites, bodies and coordinates are checked against the
// compiled model by the runner (experiments/tasks) before anything runs, through Errorf,
// which names the file, line and field.
package taskfile

// Spec is a parsed task file. Times are in s, lengths in m, angles in rad, masses in kg,
// forces in N and moments in N·m.
type Spec struct {
	// Name is the task's name (the default output prefix); Description says what it shows.
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	// Model is a built-in model name or a model file (.json, .xml, .urdf), relative to the
	// task file's directory.
	Model string `yaml:"model"`
	// AddPorts are joint ports added to the model's actuators (e.g. a holding port on a
	// passive joint).
	AddPorts []AddPort `yaml:"add_ports"`
	// AddSites are point sites added to the model's bodies (e.g. a tool point).
	AddSites []AddSite `yaml:"add_sites"`
	// Partition names the partition request: a named request of the model, "actuated"
	// (the joints of the joint ports, in port order), a list of joint ids, or empty
	// (automatic).
	Partition Partition `yaml:"partition"`
	// Start is the state the runs start from (default: the model's default seed, at rest).
	Start Start `yaml:"start"`
	// Duration (s) and Step (s) of every run; both must be positive.
	Duration float64 `yaml:"duration"`
	Step     float64 `yaml:"step"`
	// Integrator is "rk4" (default), "euler" (semi-implicit Euler) or "euler_implicit"
	// (semi-implicit Euler implicit in the joint and port losses, sim.ImplicitLossEuler).
	Integrator string `yaml:"integrator"`
	// LogEvery logs every LogEvery-th step (default 1).
	LogEvery int `yaml:"log_every"`
	// Reconfigure is "on" (default: the tracker switches partition where the requested one
	// becomes singular, each switch logged as an event) or "off" (stop there, exit 3).
	Reconfigure string `yaml:"reconfigure"`
	// RCondTol is the tracker's re-decision threshold: the reciprocal condition of the
	// scaled dependent block below which it chooses a new partition (0: the tracker's
	// default). Raising it (e.g. 1e-2) switches before a fold of the independent
	// coordinates instead of failing there.
	RCondTol float64 `yaml:"rcond_tol"`
	// References are the named reference signals.
	References []Reference `yaml:"references"`
	// Controller computes the port efforts.
	Controller Controller `yaml:"controller"`
	// Supports is the support schedule of a floating base: which sites are held, from when.
	Supports []Support `yaml:"supports"`
	// Disturbances are external wrenches on bodies over time windows.
	Disturbances []Disturbance `yaml:"disturbances"`
	// Runs are the named rollouts (default: one run named after the task).
	Runs []Run `yaml:"runs"`
	// Metrics are the scalar results, Plots the figures.
	Metrics []Metric `yaml:"metrics"`
	Plots   []Plot   `yaml:"plots"`
	// Runner selects a robot-specific Go experiment instead of the controller, references
	// and runs of this file (panda, go2, go2_native, kangaroo_landing, kangaroo_landing_native); the file then names only the model,
	// start and duration.
	Runner string `yaml:"runner"`
}

// AddPort is a joint port added to the model.
type AddPort struct {
	ID    string  `yaml:"id"`
	Joint string  `yaml:"joint"`
	Gear  float64 `yaml:"gear"` // default 1
}

// AddSite is a point site at Point (m, body frame) on Body.
type AddSite struct {
	ID    string    `yaml:"id"`
	Body  string    `yaml:"body"`
	Point []float64 `yaml:"point"` // default [0, 0, 0]
}

// Partition is a named partition request or a list of joint ids.
type Partition struct {
	Name   string
	Joints []string
}

// Start is the initial state: a named seed (or MJCF keyframe, imported as a seed) with
// optional coordinate overrides Q (by joint id, assembled from there), and the speeds V
// (by joint id, m/s or rad/s) of joints that are independent coordinates of the
// partition; the other speeds follow from the closure (v = E u). At rest without V.
type Start struct {
	Seed     string               `yaml:"seed"`
	Keyframe string               `yaml:"keyframe"`
	Q        map[string][]float64 `yaml:"q"`
	V        map[string][]float64 `yaml:"v"`
}

// Reference is one named reference signal on coordinates, ports or a site.
type Reference struct {
	Name string `yaml:"name"`
	// Exactly one of Coordinates (1-DoF joint ids), Ports (port ids) or Site (a site or
	// body id) is set.
	Coordinates []string `yaml:"coordinates"`
	Ports       []string `yaml:"ports"`
	Site        string   `yaml:"site"`
	// Relative adds the signal to the value at the start (coordinates, ports, site
	// position; a site orientation signal is then a world-frame rotation vector applied
	// before the start orientation).
	Relative bool `yaml:"relative"`
	// RelativeTo names another site or body: the position signal is then the site's
	// position relative to that one's origin (world axes), p_site − p_other, and the site
	// reference is a position only.
	RelativeTo string `yaml:"relative_to"`
	// Values is the signal of coordinates and ports (one component each); Position (3) and
	// Orientation (3, rotation vector; only with Relative) that of a site.
	Values      *Signal `yaml:"values"`
	Position    *Signal `yaml:"position"`
	Orientation *Signal `yaml:"orientation"`
	// ErrorColumn names the log column of the tracking error (default err:<name>): the RMS
	// over components of reference − actual (coordinates, ports) or the position error norm
	// (site, m; a frame site or body also logs its rotation error as <column>_rot, rad).
	ErrorColumn string `yaml:"error_column"`
}

// Signal is a vector signal: waypoints, sinusoids or a CSV file (exactly one).
type Signal struct {
	Waypoints *Waypoints `yaml:"waypoints"`
	Sine      []Sine     `yaml:"sine"`
	CSV       *CSV       `yaml:"csv"`
	// FadeIn (s, sinusoids only) multiplies the sinusoids by the minimum-jerk blend of t/FadeIn.
	FadeIn float64 `yaml:"fade_in"`
}

// Waypoints are values at increasing times with an interpolation.
type Waypoints struct {
	Times  []float64   `yaml:"times"`
	Values [][]float64 `yaml:"values"`
	// Interpolation is "minimum_jerk" (default), "linear" or "cubic".
	Interpolation string `yaml:"interpolation"`
}

// Sine is one component offset + a·shape(2π f t + φ).
type Sine struct {
	Amplitude float64 `yaml:"amplitude"`
	Frequency float64 `yaml:"frequency"` // Hz
	Phase     float64 `yaml:"phase"`     // rad
	Offset    float64 `yaml:"offset"`
	// Shape is "sin" (default), "cos" or "1-cos".
	Shape string `yaml:"shape"`
}

// CSV reads the signal from a CSV file with a header row.
type CSV struct {
	File    string   `yaml:"file"` // relative to the task file
	Time    string   `yaml:"time"` // the time column (default "t")
	Columns []string `yaml:"columns"`
	// Interpolation is "linear" (default), "cubic" or "minimum_jerk".
	Interpolation string `yaml:"interpolation"`
}

// Controller selects and configures the control law.
type Controller struct {
	// Kind is "none", "port_pd", "computed_torque" or "task_pd".
	Kind string `yaml:"kind"`
	// Reference names the tracked reference (port_pd, computed_torque); Targets the site
	// references of task_pd.
	Reference string   `yaml:"reference"`
	Targets   []string `yaml:"targets"`
	// Kp and Kd are the gains: N/m and N·s/m (or N·m/rad, N·m·s/rad) on port errors for
	// port_pd; 1/s² and 1/s on coordinate errors for computed_torque. TaskGain (1/s) and
	// SpeedGain (1/s) are those of task_pd.
	Kp        float64 `yaml:"kp"`
	Kd        float64 `yaml:"kd"`
	TaskGain  float64 `yaml:"task_gain"`
	SpeedGain float64 `yaml:"speed_gain"`
	// Feedforward adds the reduced-dynamics feedforward M_r u̇_ref + h_r (eq. 14) computed
	// on the nominal model (default true for computed_torque and task_pd, false for port_pd).
	Feedforward *bool `yaml:"feedforward"`
	// Ports are the ports that carry effort in computed_torque and task_pd (default all).
	Ports []string `yaml:"ports"`
	// Legs map a site reference onto port lengths for port_pd: each port's length is the
	// distance from a ground joint's anchor to a joint anchor on the reference body.
	Legs []Leg `yaml:"legs"`
	// QP resolves a single task_pd target with the redundancy QP of eq. 16 instead of
	// least squares.
	QP *QP `yaml:"qp"`
}

// QP are the settings of the redundancy QP of eq. 16: minimise ½uᵀM_r u + k gᵀu subject to
// J u = w and, on each of Ports (default: every port with stroke limits), the speed bound
// |ℓ̇| ≤ min(speed, distance to the stroke limit / Horizon); g is the gradient of the
// stroke barrier (eq. 15) with gain Barrier.
type QP struct {
	Ports []string `yaml:"ports"`
	// Speed are the ports' speed limits (m/s or rad/s; default the actuators' speed_limits).
	Speed   []float64 `yaml:"speed"`
	Barrier float64   `yaml:"barrier"` // k, J·s (default 0: no barrier)
	Horizon float64   `yaml:"horizon"` // s (default 0.2)
}

// Leg is a two-point leg for inverse kinematics of a site reference.
type Leg struct {
	Port   string `yaml:"port"`
	Ground string `yaml:"ground"` // a joint from the ground: its anchor on the ground side
	Body   string `yaml:"body"`   // a joint onto the reference body: its anchor on that body
}

// Support is a support set active from time From (s) on.
type Support struct {
	From  float64  `yaml:"from"`
	Sites []string `yaml:"sites"`
}

// Disturbance is an external wrench on a body over [Start, End], ramped in and out
// over Ramp seconds with the minimum-jerk blend; Force (N) and Moment (N·m, about the
// point) are in world axes, Point (m) in the body frame.
type Disturbance struct {
	Body   string    `yaml:"body"`
	Point  []float64 `yaml:"point"`  // default [0, 0, 0]
	Force  []float64 `yaml:"force"`  // default [0, 0, 0]
	Moment []float64 `yaml:"moment"` // default [0, 0, 0]
	Start  float64   `yaml:"start"`
	End    float64   `yaml:"end"`
	Ramp   float64   `yaml:"ramp"`
}

// Run is one named rollout with its overrides of the task's settings.
type Run struct {
	Name string `yaml:"name"`
	// Feedforward overrides the controller's setting.
	Feedforward *bool `yaml:"feedforward"`
	// Partition overrides the task's partition request.
	Partition *Partition `yaml:"partition"`
	// Payload changes body masses of the plant only (the controller keeps the nominal
	// model): a controller/plant mismatch.
	Payload []Payload `yaml:"payload"`
	// Backend is "reduced" (default), "mujoco" (needs -tags mujoco) or "simbody" (needs
	// -tags simbody).
	Backend string `yaml:"backend"`
	// Substeps are MuJoCo steps per task step (default 1).
	Substeps int `yaml:"substeps"`
	// EnforcedOnly (simbody runs) makes Simbody hold only the loop rows our partition
	// enforces instead of every row (near-redundant ones included).
	EnforcedOnly bool `yaml:"enforced_only"`
}

// Payload sets a body's mass (kg), its inertia scaled with it, centre of mass unchanged.
type Payload struct {
	Body string  `yaml:"body"`
	Mass float64 `yaml:"mass"`
}

// Metric is one scalar result, computed per run (named <name>_<run> when the task has
// several runs) unless it compares two runs. Exactly one of the kinds is set.
type Metric struct {
	Name string `yaml:"name"`
	// RMS of a log column over Window; Peak of |value| over the columns starting with any
	// prefix; Min and Final of a column; Stat a rollout statistic (closure_gap_m,
	// closure_gap_rad, native_gap, constraint_qerr, constraint_uerr, balance_drift,
	// reconfigurations, mode_switches, steps); Diff the largest |a − b| at matching rows
	// over the columns with the prefixes, between the two runs Between; RMSDiff the
	// difference |RMS_b − RMS_a| of a column's RMS between the two runs Between a and b,
	// divided by RMS_a when Relative.
	RMS      string    `yaml:"rms"`
	Peak     []string  `yaml:"peak"`
	Min      string    `yaml:"min"`
	Final    string    `yaml:"final"`
	Stat     string    `yaml:"stat"`
	Diff     []string  `yaml:"diff"`
	Between  []string  `yaml:"between"`
	RMSDiff  string    `yaml:"rms_diff"`
	Relative bool      `yaml:"relative"`
	Window   []float64 `yaml:"window"` // [t0, t1] s (default: the whole run)
	// Scale multiplies the value (default 1; e.g. 1000 for mm from m).
	Scale float64 `yaml:"scale"`
	// Runs restricts a per-run metric to these runs (default all).
	Runs []string `yaml:"runs"`
}

// Plot is a figure of log columns against time, one series per run and column.
type Plot struct {
	File    string   `yaml:"file"` // .png
	Title   string   `yaml:"title"`
	YLabel  string   `yaml:"ylabel"`
	Columns []string `yaml:"columns"` // a trailing * matches a prefix
	Scale   float64  `yaml:"scale"`
	LogY    bool     `yaml:"log_y"`
	Runs    []string `yaml:"runs"`
}

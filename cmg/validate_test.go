package cmg

import (
	"math"
	"strings"
	"testing"
)

// TestValidBaseGraphs checks that the example graphs pass validation.
func TestValidBaseGraphs(t *testing.T) {
	for _, name := range []string{"fourbar.json", "full.json"} {
		g := mustLoad(t, name)
		if err := g.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestValidateClasses covers every class of problem Validate reports: each case breaks a
// valid graph in one way and expects a problem naming the record, the field and a key
// phrase of what would be valid.
func TestValidateClasses(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		name                  string
		base                  string // testdata file; "" means full.json
		mutate                func(g *Graph)
		record, field, phrase string
	}{
		// Schema version.
		{"missing schema", "", func(g *Graph) { g.Schema = "" }, "", "schema", `missing schema version; set "schema": "robocompiler.cmg/1"`},
		{"unknown schema", "", func(g *Graph) { g.Schema = "robocompiler.cmg/9" }, "", "schema", `unknown schema version "robocompiler.cmg/9"`},
		// Ids.
		{"duplicate body", "", func(g *Graph) { g.Bodies[2].ID = "arm1" }, `body "arm1"`, "id", "duplicate id"},
		{"body named like ground", "", func(g *Graph) { g.Bodies[8].ID = "base" }, `body "base"`, "id", "the ground's name"},
		{"duplicate joint", "", func(g *Graph) { g.Joints[2].ID = "shoulder" }, `joint "shoulder"`, "id", "unique among joints"},
		{"duplicate loop cut", "", func(g *Graph) { g.LoopCuts[1].ID = "plate_tool" }, `loop_cut "plate_tool"`, "id", "duplicate id"},
		{"loop cut id of a joint", "", func(g *Graph) { g.LoopCuts[0].ID = "shoulder" }, `loop_cut "shoulder"`, "id", "also a joint's id"},
		{"duplicate actuator", "", func(g *Graph) { g.Actuators[1].ID = "cylinder" }, `actuator "cylinder"`, "id", "duplicate id"},
		{"duplicate site", "", func(g *Graph) { g.Sites[1].ID = "tcp" }, `site "tcp"`, "id", "duplicate id"},
		{"duplicate coupling", "", func(g *Graph) { g.Couplings = append(g.Couplings, g.Couplings[0]) }, `coupling "rail_follows_shoulder"`, "id", "duplicate id"},
		{"empty id", "", func(g *Graph) { g.Sites[0].ID = "" }, "sites[0]", "id", "id is empty"},
		// References to bodies.
		{"joint unknown body", "", func(g *Graph) { g.Joints[1].BodyA = "torsoo" }, `joint "shoulder"`, "body_a", `unknown body "torsoo" (did you mean "torso"?)`},
		{"joint no body", "", func(g *Graph) { g.Joints[1].BodyB = "" }, `joint "shoulder"`, "body_b", `names no body; give the id of a body or the ground "base"`},
		{"loop cut unknown body", "", func(g *Graph) { g.LoopCuts[0].BodyB = "nowhere" }, `loop_cut "plate_tool"`, "body_b", `unknown body "nowhere"`},
		{"site unknown body", "", func(g *Graph) { g.Sites[0].Body = "gripper" }, `site "tcp"`, "body", `unknown body "gripper"`},
		{"actuator unknown body", "", func(g *Graph) { g.Actuators[2].BodyB = "boom" }, `actuator "cylinder"`, "body_b", `unknown body "boom"`},
		// Joints.
		{"self-loop joint", "", func(g *Graph) { g.Joints[1].BodyB = "torso" }, `joint "shoulder"`, "body_b", "body_a and body_b must be different bodies"},
		{"self-loop cut", "", func(g *Graph) { g.LoopCuts[0].BodyB = "plate" }, `loop_cut "plate_tool"`, "body_b", "must be different bodies"},
		{"unknown joint type", "", func(g *Graph) { g.Joints[1].Type = "rotary" }, `joint "shoulder"`, "type", `unknown joint type "rotary"; valid types are fixed, revolute`},
		{"mjcf joint type", "", func(g *Graph) { g.Joints[1].Type = "hinge" }, `joint "shoulder"`, "type", `"hinge" in other formats is "revolute" here`},
		{"missing joint type", "", func(g *Graph) { g.Joints[1].Type = "" }, `joint "shoulder"`, "type", "joint has no type"},
		{"non-unit axis", "", func(g *Graph) { g.Joints[1].Axis = &[3]float64{0, 0, 0.5} }, `joint "shoulder"`, "axis", "axis must be a unit vector (|axis| = 0.5); give a direction of length 1"},
		{"zero axis", "", func(g *Graph) { g.Joints[5].Axis = &[3]float64{} }, `joint "rail"`, "axis", "axis is zero"},
		{"missing axis", "", func(g *Graph) { g.Joints[6].Axis = nil }, `joint "lead_screw"`, "axis", "a helical joint needs axis"},
		{"planar normal not unit", "", func(g *Graph) { g.Joints[7].Axis = &[3]float64{0, 0, 2} }, `joint "table"`, "axis", "|axis| = 2"},
		{"axis on spherical", "", func(g *Graph) { g.Joints[3].Axis = &[3]float64{0, 0, 1} }, `joint "wrist_ball"`, "axis", "a spherical joint takes no axis"},
		{"axis2 not unit", "", func(g *Graph) { g.Joints[2].Axis2 = &[3]float64{0, 2, 0} }, `joint "elbow"`, "axis2", "axis2 must be a unit vector"},
		{"axis2 not perpendicular", "", func(g *Graph) { g.Joints[2].Axis2 = &[3]float64{0, 0.6, 0.8} }, `joint "elbow"`, "axis2", "must be perpendicular to axis (axis·axis2 = 0.8)"},
		{"axis2 missing", "", func(g *Graph) { g.Joints[2].Axis2 = nil }, `joint "elbow"`, "axis2", "a universal joint needs axis2"},
		{"axis2 on revolute", "", func(g *Graph) { g.Joints[1].Axis2 = &[3]float64{1, 0, 0} }, `joint "shoulder"`, "axis2", "only universal joints"},
		{"helical zero pitch", "", func(g *Graph) { g.Joints[6].Pitch = 0 }, `joint "lead_screw"`, "pitch", "nonzero pitch"},
		{"pitch on revolute", "", func(g *Graph) { g.Joints[1].Pitch = 0.01 }, `joint "shoulder"`, "pitch", "only to helical joints"},
		{"negative damping", "", func(g *Graph) { g.Joints[1].Damping = -1 }, `joint "shoulder"`, "damping", "must be >= 0"},
		// Frames.
		{"quat and rot", "", func(g *Graph) { g.Joints[1].FrameA.Rot = &[9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1} }, `joint "shoulder"`, "frame_a.rot", "both quat and rot"},
		{"quat not unit", "", func(g *Graph) { g.Sites[0].Frame.Quat = &[4]float64{1, 0, 0, 0.1} }, `site "tcp"`, "frame.quat", "unit quaternion"},
		{"rot not orthonormal", "", func(g *Graph) { g.Joints[2].FrameA.Rot[0] = 0.1 }, `joint "elbow"`, "frame_a.rot", "not orthonormal"},
		{"rot reflection", "", func(g *Graph) { g.Joints[2].FrameA.Rot = &[9]float64{1, 0, 0, 0, 1, 0, 0, 0, -1} }, `joint "elbow"`, "frame_a.rot", "determinant -1"},
		// Mass properties.
		{"negative mass", "", func(g *Graph) { g.Bodies[1].Mass = -1 }, `body "arm1"`, "mass", "mass must be >= 0 kg"},
		{"inertia without mass", "", func(g *Graph) { g.Bodies[1].Mass = 0 }, `body "arm1"`, "mass", "zero mass on a body that carries inertia"},
		{"inertia diagonal", "", func(g *Graph) { g.Bodies[1].Inertia[1] = 0 }, `body "arm1"`, "inertia", "inertia diagonal Iyy = 0 must be positive"},
		{"point mass", "", func(g *Graph) { g.Bodies[1].Inertia = [6]float64{} }, `body "arm1"`, "inertia", "Ixx = 0 must be positive"},
		{"inertia not positive definite", "", func(g *Graph) { g.Bodies[0].Inertia = [6]float64{0.3, 0.4, 0.5, 0.5, 0, 0} }, `body "torso"`, "inertia", "not positive definite"},
		{"inertia triangle", "", func(g *Graph) { g.Bodies[1].Inertia = [6]float64{0.001, 0.001, 0.004, 0, 0, 0} }, `body "arm1"`, "inertia", "triangle inequality"},
		{"inertia triangle off-diagonal", "", func(g *Graph) {
			// Principal moments (1, 1, 3) rotated 45° about z: diagonal (1, 1, 3) hides nothing,
			// so rotate about x instead: Iyy = Izz = 2, Iyz = 1, Ixx = 1.
			g.Bodies[0].Inertia = [6]float64{1, 2, 2, 0, 0, 1}
		}, `body "torso"`, "inertia", "triangle inequality"},
		// Non-finite numbers.
		{"NaN in frame", "", func(g *Graph) { g.Joints[3].FrameA.Pos[1] = nan }, `joint "wrist_ball"`, "frame_a.pos[1]", "value is NaN; every number must be finite"},
		{"Inf gravity", "", func(g *Graph) { g.Gravity = &[3]float64{0, 0, inf} }, "", "gravity[2]", "value is +Inf"},
		{"NaN mass", "", func(g *Graph) { g.Bodies[0].Mass = nan }, `body "torso"`, "mass", "value is NaN"},
		{"NaN seed", "", func(g *Graph) { g.Seeds["default"]["shoulder"] = Values{nan} }, `seed "default"`, "shoulder[0]", "value is NaN"},
		{"Inf limit", "", func(g *Graph) { g.Joints[1].Limits.Upper[0] = inf }, `joint "shoulder"`, "limits.upper[0]", "must be finite"},
		// Limits.
		{"limits lower > upper", "", func(g *Graph) { g.Joints[1].Limits.Lower[0] = 2 }, `joint "shoulder"`, "limits.lower[0]", "lower limit 2 exceeds upper limit 1.5"},
		{"limits wrong length", "", func(g *Graph) { g.Joints[2].Limits.Upper = []float64{1} }, `joint "elbow"`, "limits.upper", "take 2 upper value(s)"},
		{"limits on fixed joint", "", func(g *Graph) { g.Joints[4].Limits = &Limits{Lower: []float64{0}, Upper: []float64{1}} }, `joint "tool_mount"`, "limits", "no coordinates to limit"},
		{"actuator bounds", "", func(g *Graph) { g.Actuators[0].EffortLimits = &[2]float64{80, -80} }, `actuator "shoulder_motor"`, "effort_limits", "lower bound 80 exceeds upper bound -80"},
		// Connectivity.
		{"disconnected body", "", func(g *Graph) { g.Joints = append(g.Joints[:8], g.Joints[9:]...) }, `body "virtual"`, "", `not connected to the ground "base" through joints (loop cuts do not count); add a joint from it to "base"`},
		{"floating component", "fourbar.json", func(g *Graph) {
			g.Joints = g.Joints[1:3] // crank–coupler–rocker without the ground joints
		}, `body "crank"`, "", `nor are the other bodies of its component, "crank", "coupler", "rocker"`},
		{"floating component advice", "fourbar.json", func(g *Graph) { g.Joints = g.Joints[1:3] }, `body "crank"`, "", "a free joint if the component floats"},
		// Couplings.
		{"coupling unknown joint", "", func(g *Graph) { g.Couplings[0].Master = "shoulderr" }, `coupling "rail_follows_shoulder"`, "master", `unknown joint "shoulderr" (did you mean "shoulder"?)`},
		{"coupling fixed joint", "", func(g *Graph) { g.Couplings[0].Slave = "tool_mount" }, `coupling "rail_follows_shoulder"`, "slave", `joint "tool_mount" is a fixed joint; a coupling needs a 1-DoF joint`},
		{"coupling multi-DoF joint", "", func(g *Graph) { g.Couplings[0].Slave = "elbow" }, `coupling "rail_follows_shoulder"`, "slave", "universal joint with 2 degrees of freedom"},
		{"coupling loop cut", "", func(g *Graph) { g.Couplings[0].Slave = "plate_tool" }, `coupling "rail_follows_shoulder"`, "slave", "is a loop cut, not a joint"},
		{"coupling zero multiplier", "", func(g *Graph) { g.Couplings[0].Multiplier = 0 }, `coupling "rail_follows_shoulder"`, "multiplier", "multiplier is 0"},
		{"coupling to itself", "", func(g *Graph) { g.Couplings[0].Slave = "shoulder" }, `coupling "rail_follows_shoulder"`, "slave", "coupled to itself"},
		// Actuators.
		{"actuator unknown joint", "", func(g *Graph) { g.Actuators[0].Joint = "hip" }, `actuator "shoulder_motor"`, "joint", `unknown joint "hip"`},
		{"actuator fixed joint", "", func(g *Graph) { g.Actuators[0].Joint = "tool_mount" }, `actuator "shoulder_motor"`, "joint", "is a fixed joint; a joint actuator needs a 1-DoF joint"},
		{"actuator multi-DoF joint", "", func(g *Graph) { g.Actuators[0].Joint = "wrist_ball" }, `actuator "shoulder_motor"`, "joint", "spherical joint with 3 degrees of freedom"},
		{"actuator unknown type", "", func(g *Graph) { g.Actuators[0].Type = "motor" }, `actuator "shoulder_motor"`, "type", `unknown actuator type "motor"`},
		{"actuator field not used", "", func(g *Graph) { g.Actuators[0].BodyA = "torso" }, `actuator "shoulder_motor"`, "body_a", `a joint actuator does not use "body_a"`},
		{"transmission empty", "", func(g *Graph) { g.Actuators[1].Transmission = nil }, `actuator "differential"`, "transmission", "at least one term"},
		{"transmission multi-DoF", "", func(g *Graph) { g.Actuators[1].Transmission[1].Joint = "table" }, `actuator "differential"`, "transmission[1].joint", "planar joint with 3 degrees of freedom"},
		{"transmission zero coef", "", func(g *Graph) { g.Actuators[1].Transmission[1].Coef = 0 }, `actuator "differential"`, "transmission[1].coef", "coef is 0"},
		{"transmission repeated joint", "", func(g *Graph) { g.Actuators[1].Transmission[1].Joint = "shoulder" }, `actuator "differential"`, "transmission[1].joint", "already has a term"},
		{"two-point coincident", "", func(g *Graph) {
			g.Actuators[2].BodyB, g.Actuators[2].PointB = "base", &[3]float64{0, 0, 0}
		}, `actuator "cylinder"`, "point_b", "point_a and point_b coincide"},
		{"two-point same body", "", func(g *Graph) { g.Actuators[2].BodyB = "base" }, `actuator "cylinder"`, "body_b", "the length never changes"},
		{"drive unknown type", "", func(g *Graph) { g.Actuators[2].Drive.Type = "lagg" }, `actuator "cylinder"`, "drive.type", `unknown drive type "lagg" (did you mean "lag"?)`},
		{"drive missing type", "", func(g *Graph) { g.Actuators[2].Drive.Type = "" }, `actuator "cylinder"`, "drive.type", "drive has no type"},
		{"lag without time constant", "", func(g *Graph) { g.Actuators[2].Drive.TimeConstant = 0 }, `actuator "cylinder"`, "drive.time_constant", "a lag drive needs time_constant > 0"},
		{"lag with frequency", "", func(g *Graph) { g.Actuators[2].Drive.Frequency = 3 }, `actuator "cylinder"`, "drive.frequency", `a lag drive does not use "frequency"`},
		{"servo without damping ratio", "", func(g *Graph) { g.Actuators[0].Drive = &Drive{Type: DriveServo, Frequency: 30} }, `actuator "shoulder_motor"`, "drive.damping_ratio", "a servo drive needs damping_ratio > 0"},
		{"negative port friction", "", func(g *Graph) { g.Actuators[2].Friction = -1 }, `actuator "cylinder"`, "friction", "must be >= 0"},
		{"negative friction velocity", "", func(g *Graph) { g.Joints[1].FrictionVelocity = -1 }, `joint "shoulder"`, "friction_velocity", "must be >= 0"},
		{"two-point missing point", "", func(g *Graph) { g.Actuators[2].PointA = nil }, `actuator "cylinder"`, "point_a", "needs point_a"},
		// Partition requests.
		{"partition unknown joint", "", func(g *Graph) { g.PartitionRequests["arm"][1] = "wrist" }, `partition_request "arm"`, "[1]", `unknown joint "wrist"`},
		{"partition multi-DoF joint", "", func(g *Graph) { g.PartitionRequests["arm"][1] = "elbow" }, `partition_request "arm"`, "[1]", "a partition request needs a 1-DoF joint"},
		{"partition fixed joint", "", func(g *Graph) { g.PartitionRequests["arm"][1] = "tool_mount" }, `partition_request "arm"`, "[1]", "is a fixed joint"},
		{"partition empty", "", func(g *Graph) { g.PartitionRequests["none"] = nil }, `partition_request "none"`, "", "names no joints"},
		{"partition repeated joint", "", func(g *Graph) { g.PartitionRequests["arm"][1] = "shoulder" }, `partition_request "arm"`, "[1]", "listed twice"},
		// Seeds.
		{"seed unknown joint", "", func(g *Graph) { g.Seeds["default"]["knee"] = Values{1} }, `seed "default"`, "knee", `unknown joint "knee"`},
		{"seed wrong count", "", func(g *Graph) { g.Seeds["default"]["elbow"] = Values{1} }, `seed "default"`, "elbow", "a universal joint's seed takes 2 value(s) (two angles in rad (about axis, then axis2)), got 1"},
		{"seed free wrong count", "", func(g *Graph) { g.Seeds["default"]["float"] = Values{0, 0, 1} }, `seed "default"`, "float", "takes 7 value(s)"},
		{"seed fixed joint", "", func(g *Graph) { g.Seeds["default"]["tool_mount"] = Values{} }, `seed "default"`, "tool_mount", "is a fixed joint"},
		{"seed quaternion not unit", "", func(g *Graph) { g.Seeds["stowed"]["wrist_ball"] = Values{1, 0, 0.01, 0} }, `seed "stowed"`, "wrist_ball[0]", "must be unit within 1e-06"},
		{"seed free quaternion not unit", "", func(g *Graph) { g.Seeds["default"]["float"][3] = 0.5 }, `seed "default"`, "float[3]", "quaternion (values 3 to 6)"},
		// Sites.
		{"site unknown kind", "", func(g *Graph) { g.Sites[0].Kind = "tool" }, `site "tcp"`, "kind", `unknown site kind "tool"; valid kinds are "point", "frame"`},
		// Loop cuts.
		{"loop cut unknown type", "", func(g *Graph) { g.LoopCuts[0].Type = "point_coincidence" }, `loop_cut "plate_tool"`, "type", `unknown loop-cut type "point_coincidence"`},
		{"universal cut missing axis2", "", func(g *Graph) { g.LoopCuts[1].Axis2 = nil }, `loop_cut "plate_arm"`, "axis2", "a universal loop cut (4 rows) needs axis2"},
		{"point cut with axis", "", func(g *Graph) { g.LoopCuts[0].Axis = &[3]float64{1, 0, 0} }, `loop_cut "plate_tool"`, "axis", "takes no axis"},
		// Hints.
		{"hint unknown joint", "", func(g *Graph) { g.Hints.CutJoints[0] = "tool_rial" }, "hints", "cut_joints[0]", `unknown joint "tool_rial" (did you mean "tool_rail"?)`},
		{"hint fixed joint", "", func(g *Graph) { g.Hints.TreeJoints[0] = "tool_mount" }, "hints", "tree_joints[0]", "a tree_joints hint needs a moving joint"},
		{"hint in both lists", "", func(g *Graph) { g.Hints.CutJoints[0] = "elbow" }, "hints", "cut_joints[0]", "in both tree_joints and cut_joints"},
		// Tuning.
		{"negative branch window", "", func(g *Graph) { g.BranchWindow.RevoluteRad = -1 }, "branch_window", "revolute_rad", "must be >= 0 rad"},
		{"negative scale", "", func(g *Graph) { g.Scales.LengthM = -0.3 }, "scales", "length_m", "must be >= 0 m"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := c.base
			if base == "" {
				base = "full.json"
			}
			g := mustLoad(t, base).Clone()
			c.mutate(g)
			errs := asErrors(t, g.Validate())
			e := findError(errs, c.record, c.field, c.phrase)
			if e == nil {
				t.Fatalf("no problem with record %q, field %q and phrase %q; got:\n%v", c.record, c.field, c.phrase, errs)
			}
			if e.File != "testdata/"+base {
				t.Errorf("File = %q, want testdata/%s", e.File, base)
			}
			if !strings.Contains(e.Error(), c.phrase) {
				t.Errorf("Error() = %q lacks the message", e.Error())
			}
		})
	}
}

// TestFieldErrorFormat checks the documented message layout.
func TestFieldErrorFormat(t *testing.T) {
	g := mustLoad(t, "fourbar.json").Clone()
	g.Source = "model.json"
	g.Joints[2].Axis = &[3]float64{0, 0.5, 0}
	errs := asErrors(t, g.Validate())
	want := `model.json: joint "coupler_rocker" field "axis": axis must be a unit vector (|axis| = 0.5); give a direction of length 1`
	if len(errs) != 1 || errs[0].Error() != want {
		t.Fatalf("got %q, want %q", errs.Error(), want)
	}
	cases := []struct {
		e    FieldError
		want string
	}{
		{FieldError{Message: "m"}, "m"},
		{FieldError{File: "f.json", Line: 3, Column: 7, Field: "schema", Message: "m"}, `f.json:3:7: field "schema": m`},
		{FieldError{File: "f.json", Record: `body "b"`, Message: "m"}, `f.json: body "b": m`},
	}
	for _, c := range cases {
		if got := c.e.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
}

// TestErrorsAllAndOrdered checks that every problem is reported, in document order, and
// that the order does not depend on map iteration.
func TestErrorsAllAndOrdered(t *testing.T) {
	g := mustLoad(t, "full.json").Clone()
	g.Seeds["stowed"]["nope"] = Values{1}
	g.Seeds["default"]["nope"] = Values{1}
	g.Joints[1].Damping = -1
	g.Bodies[3].Mass = -1
	g.Schema = ""
	var first string
	for range 20 {
		errs := asErrors(t, g.Validate())
		got := errs.Error()
		if first == "" {
			first = got
		} else if got != first {
			t.Fatalf("order changed:\n%s\nvs\n%s", got, first)
		}
		want := []string{"", `body "wrist"`, `joint "shoulder"`, `seed "default"`, `seed "stowed"`}
		if len(errs) != len(want) {
			t.Fatalf("got %d problems, want %d:\n%v", len(errs), len(want), errs)
		}
		for i, e := range errs {
			if e.Record != want[i] {
				t.Errorf("problem %d is on %q, want %q", i, e.Record, want[i])
			}
		}
	}
}

// TestOneMessagePerNonFiniteRecord checks that a NaN does not also trigger the record's
// numeric checks.
func TestOneMessagePerNonFiniteRecord(t *testing.T) {
	g := mustLoad(t, "fourbar.json").Clone()
	g.Joints[0].Axis = &[3]float64{math.NaN(), 0, 1}
	errs := asErrors(t, g.Validate())
	if len(errs) != 1 || errs[0].Field != "axis[0]" {
		t.Fatalf("want one problem on axis[0], got:\n%v", errs)
	}
}

// TestEigSym3 checks the closed-form eigenvalues against known spectra.
func TestEigSym3(t *testing.T) {
	cases := []struct {
		a    [6]float64
		want [3]float64
	}{
		{[6]float64{3, 1, 2, 0, 0, 0}, [3]float64{1, 2, 3}},
		{[6]float64{1, 2, 2, 0, 0, 1}, [3]float64{1, 1, 3}},
		{[6]float64{2, 2, 2, 1, 1, 1}, [3]float64{1, 1, 4}},
		{[6]float64{1e-6, 1e-6, 1e-6, 0, 0, 0}, [3]float64{1e-6, 1e-6, 1e-6}},
	}
	for _, c := range cases {
		got := eigSym3(c.a)
		for i := range 3 {
			if math.Abs(got[i]-c.want[i]) > 1e-12*(1+math.Abs(c.want[i])) {
				t.Errorf("eigSym3(%v) = %v, want %v", c.a, got, c.want)
				break
			}
		}
	}
}

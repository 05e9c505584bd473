package tasks

import (
	"fmt"
	"math"
	"sort"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// Native landing contacts: the sole is the box_collision geom of each ankle_roll body in
// the shared MJCF (half sizes 0.045 × 0.0125 × 0.105 m at (0, −0.005, 0.04), turned −20°
// about x), touching the floor through spheres of landCornerRadius at its four lowest
// corners; friction high and nearly hard (elliptic cones, impratio 100) as the ideal
// welds of our sole model.
const (
	landCornerRadius = 0.005 // m
	landFriction     = 1.0
	landImpRatio     = 100.0
	landNativeSub    = 4 // MuJoCo steps per step of ours (0.25 ms)
)

// landSoleBox is the sole box in its ankle_roll frame.
var landSoleBox = struct {
	half spatial.Vec3
	pose spatial.Transform
}{spatial.Vec3{0.045, 0.0125, 0.105},
	spatial.Transform{R: spatial.ExpSO3(spatial.Vec3{-20 * math.Pi / 180, 0, 0}), P: spatial.Vec3{0, -0.005, 0.04}}}

// withSoleCorners returns g with point sites at the four lowest corners of each sole box
// at the configuration q of the compiled flight model kd belongs to (names
// <sole>_corner<k>), and their ids.
func withSoleCorners(g *cmg.Graph, kd *dyn.Data, q []float64) (*cmg.Graph, []string, error) {
	m := kd.Model()
	kd.ForwardKinematics(q, make([]float64, m.NV))
	out := g.Clone()
	var ids []string
	for _, sole := range landSoles {
		n := m.BodyNode(sole)
		if n < 0 {
			return nil, nil, fmt.Errorf("kangaroo_landing_native: no sole body %q", sole)
		}
		T := kd.Pose(n)
		type corner struct {
			p spatial.Vec3
			z float64
		}
		var cs []corner
		for k := range 8 {
			h := landSoleBox.half
			loc := spatial.Vec3{h[0] * sgn(k&1), h[1] * sgn(k&2), h[2] * sgn(k&4)}
			p := landSoleBox.pose.Apply(loc)
			cs = append(cs, corner{p, T.Apply(p)[2]})
		}
		sort.SliceStable(cs, func(a, b int) bool { return cs[a].z < cs[b].z })
		for k, c := range cs[:4] {
			id := fmt.Sprintf("%s_corner%d", sole, k)
			out.Sites = append(out.Sites, cmg.Site{ID: id, Body: sole, Kind: cmg.SitePoint, Frame: cmg.Frame{Pos: [3]float64(c.p)}})
			ids = append(ids, id)
		}
	}
	return out, ids, nil
}

// sgn maps a bit test to ±1.
func sgn(bit int) float64 {
	if bit != 0 {
		return 1
	}
	return -1
}

// runKangarooLandingNative runs the landing in both simulators. Both run the model as
// MuJoCo gets it (mjcf.ExportGraph: each universal cut a universal tree joint, its loop
// cut at a revolute joint), the same mechanism as the named model.
func runKangarooLandingNative(g *cmg.Graph, o Options) (*Result, error) {
	dur := o.Duration
	pl0, err := newLanding(g)
	if err != nil {
		return nil, err
	}
	g2, _, err := mjcf.ExportGraph(pl0.m)
	if err != nil {
		return nil, err
	}
	g2, corners, err := withSoleCorners(g2, dyn.NewData(pl0.m), pl0.q)
	if err != nil {
		return nil, err
	}
	pl, err := newLanding(g2)
	if err != nil {
		return nil, err
	}
	floor, err := cornerFloor(pl, corners)
	if err != nil {
		return nil, err
	}
	var ctrls []*landCtrl
	setup := &nativeSetup{pl: pl, column: "pelvis_err_m", unit: "mm", metric: "pelvis_rms_mm", dt: landDt, logEvery: 10, nativeSub: landNativeSub,
		scheduled: func() (sim.Controller, sim.Probe, sim.ModeSchedule, error) {
			gait, c, err := newLandRun(pl)
			if err != nil {
				return nil, nil, nil, err
			}
			ctrls = append(ctrls, c)
			return c, landProbe{c}, gait.schedule, nil
		},
		contacts: &mjcf.ContactOptions{FloorZ: floor, Sites: corners, Radius: landCornerRadius,
			Friction: [3]float64{landFriction, 0.02, 0.01}, Elliptic: true, ImpRatio: landImpRatio},
		sites: corners}
	res, err := runBoth("Kangaroo landing", setup, dur, o)
	if err != nil {
		return nil, err
	}
	for i, r := range res.Runs {
		met, err := landMetrics(r, ctrls[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.Name, err)
		}
		for _, m := range met {
			switch m.Name {
			case "touchdown_s", "crouch_depth_mm", "peak_force_N": // MuJoCo's own gap is closure_gap_max_m_mujoco
				res.Metrics = append(res.Metrics, Metric{m.Name + "_" + r.Name, m.Value})
			}
		}
	}
	diff, err := pelvisDifference(res.Runs[0].Log, res.Runs[1].Log)
	if err != nil {
		return nil, err
	}
	res.Metrics = append(res.Metrics, Metric{"pelvis_z_diff_max_mm", 1e3 * diff})
	res.Figures = append(res.Figures, landFigures(res.Runs)...)
	return res, nil
}

// cornerFloor returns the floor height (m): landDrop below the lowest corner sphere at
// the plant's configuration.
func cornerFloor(pl *plant, corners []string) (float64, error) {
	kd := dyn.NewData(pl.m)
	kd.ForwardKinematics(pl.q, make([]float64, pl.m.NV))
	z := math.Inf(1)
	for _, id := range corners {
		s := pl.m.Site(id)
		if s == nil {
			return 0, fmt.Errorf("kangaroo_landing_native: no site %q", id)
		}
		z = math.Min(z, kd.Pose(s.Node).Apply(s.Frame.P)[2])
	}
	return z - landCornerRadius - landDrop, nil
}

// pelvisDifference returns the largest |z_a − z_b| of the pelvis height over the rows
// the two logs share (matched times).
func pelvisDifference(a, b *sim.Log) (float64, error) {
	ta, err := a.Column("t")
	if err != nil {
		return 0, err
	}
	tb, err := b.Column("t")
	if err != nil {
		return 0, err
	}
	za, err := a.Column("pelvis_z_m")
	if err != nil {
		return 0, err
	}
	zb, err := b.Column("pelvis_z_m")
	if err != nil {
		return 0, err
	}
	diff, j := 0.0, 0
	for i, t := range ta {
		for j < len(tb) && tb[j] < t-1e-9 {
			j++
		}
		if j < len(tb) && math.Abs(tb[j]-t) < 1e-9 {
			diff = math.Max(diff, math.Abs(za[i]-zb[j]))
		}
	}
	return diff, nil
}

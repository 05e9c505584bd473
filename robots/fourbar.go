package robots

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
)

// Four-bar dimensions (m): a Grashof crank-rocker (shortest + longest = 0.5 m <
// 0.65 m = sum of the other two, the shortest link being the crank).
const (
	fourBarGround  = 0.40 // pivot O2 (crank) at the origin, O4 (rocker) at (0.40, 0, 0)
	fourBarCrank   = 0.10
	fourBarCoupler = 0.35
	fourBarRocker  = 0.30
	fourBarSeedDeg = 60.0 // crank angle of the default seed
)

// newFourBar builds the planar four-bar. Links are 30 mm × 10 mm steel bars whose frames
// sit on their proximal pins with x along the link; the crank pivots at the ground
// origin, the rocker at (0.40, 0, 0). The default seed (crank at 60°, open branch with
// the coupler above the ground link) is computed by intersecting the coupler and rocker
// circles.
func newFourBar() (*cmg.Graph, error) {
	const w, t = 0.030, 0.010
	seed, err := fourBarSeed(fourBarSeedDeg * math.Pi / 180)
	if err != nil {
		return nil, err
	}
	g := &cmg.Graph{
		Schema:  cmg.SchemaVersion,
		Name:    "fourbar",
		Gravity: planarGravity(),
		Bodies: []cmg.Body{
			barBody("crank", fourBarCrank, w, t, steelDensity),
			barBody("coupler", fourBarCoupler, w, t, steelDensity),
			barBody("rocker", fourBarRocker, w, t, steelDensity),
		},
		Joints: []cmg.Joint{
			revoluteZ("crank_pivot", cmg.DefaultGround, "crank", at(0, 0, 0), at(0, 0, 0)),
			revoluteZ("crank_coupler", "crank", "coupler", at(fourBarCrank, 0, 0), at(0, 0, 0)),
			revoluteZ("coupler_rocker", "coupler", "rocker", at(fourBarCoupler, 0, 0), at(fourBarRocker, 0, 0)),
			revoluteZ("rocker_pivot", cmg.DefaultGround, "rocker", at(fourBarGround, 0, 0), at(0, 0, 0)),
		},
		Actuators: []cmg.Actuator{{
			ID: "crank_motor", Type: cmg.ActJoint, Joint: "crank_pivot", Gear: 1,
			EffortLimits: pair(-10, 10), SpeedLimits: pair(-20, 20),
		}},
		Sites: []cmg.Site{{ID: "coupler_mid", Kind: cmg.SitePoint, Body: "coupler", Frame: at(fourBarCoupler/2, 0, 0)}},
		Seeds: map[string]map[string]cmg.Values{
			"default": seed,
		},
		PartitionRequests: map[string][]string{"crank": {"crank_pivot"}},
		Scales:            &cmg.Scales{LengthM: 0.1, AngleRad: 1},
	}
	return g, nil
}

// fourBarSeed returns the closed configuration with crank angle th2 on the open branch.
func fourBarSeed(th2 float64) (map[string]cmg.Values, error) {
	a := [2]float64{fourBarCrank * math.Cos(th2), fourBarCrank * math.Sin(th2)}
	o4 := [2]float64{fourBarGround, 0}
	b, err := circleMeet(a, fourBarCoupler, o4, fourBarRocker, true)
	if err != nil {
		return nil, fmt.Errorf("four-bar seed: %w", err)
	}
	th3 := angleOf(a, b)  // coupler direction
	th4 := angleOf(o4, b) // rocker direction
	return map[string]cmg.Values{
		"crank_pivot":    {th2},
		"crank_coupler":  {th3 - th2},
		"coupler_rocker": {th4 - th3},
		"rocker_pivot":   {th4},
	}, nil
}

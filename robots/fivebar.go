package robots

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
)

// Five-bar dimensions (m): two proximal cranks pivoted on the ground, two distal links
// meeting at the end effector.
const (
	fiveBarBase     = 0.20 // left shoulder at the origin, right shoulder at (0.20, 0, 0)
	fiveBarProximal = 0.20
	fiveBarDistal   = 0.30
	fiveBarLeftDeg  = 120.0 // left crank angle of the default seed
	fiveBarRightDeg = 60.0  // right crank angle of the default seed
)

// newFiveBar builds the planar five-bar (mobility 2). Links are 25 mm × 8 mm aluminium
// bars whose frames sit on their proximal pins with x along the link. The tool point is
// the wrist pin at the tip of the left distal link. The default seed puts the cranks at
// 120° and 60° with the end effector above the base (elbows out), found by intersecting
// the two distal circles.
func newFiveBar() (*cmg.Graph, error) {
	const w, t = 0.025, 0.008
	seed, err := fiveBarSeed(fiveBarLeftDeg*math.Pi/180, fiveBarRightDeg*math.Pi/180)
	if err != nil {
		return nil, err
	}
	return &cmg.Graph{
		Schema:  cmg.SchemaVersion,
		Name:    "fivebar",
		Gravity: planarGravity(),
		Bodies: []cmg.Body{
			barBody("left_proximal", fiveBarProximal, w, t, aluminiumDensity),
			barBody("right_proximal", fiveBarProximal, w, t, aluminiumDensity),
			barBody("left_distal", fiveBarDistal, w, t, aluminiumDensity),
			barBody("right_distal", fiveBarDistal, w, t, aluminiumDensity),
		},
		Joints: []cmg.Joint{
			revoluteZ("left_shoulder", cmg.DefaultGround, "left_proximal", at(0, 0, 0), at(0, 0, 0)),
			revoluteZ("right_shoulder", cmg.DefaultGround, "right_proximal", at(fiveBarBase, 0, 0), at(0, 0, 0)),
			revoluteZ("left_elbow", "left_proximal", "left_distal", at(fiveBarProximal, 0, 0), at(0, 0, 0)),
			revoluteZ("right_elbow", "right_proximal", "right_distal", at(fiveBarProximal, 0, 0), at(0, 0, 0)),
			revoluteZ("wrist", "left_distal", "right_distal", at(fiveBarDistal, 0, 0), at(fiveBarDistal, 0, 0)),
		},
		Actuators: []cmg.Actuator{
			{ID: "left_motor", Type: cmg.ActJoint, Joint: "left_shoulder", Gear: 1, EffortLimits: pair(-5, 5)},
			{ID: "right_motor", Type: cmg.ActJoint, Joint: "right_shoulder", Gear: 1, EffortLimits: pair(-5, 5)},
		},
		Sites:             []cmg.Site{{ID: "tool", Kind: cmg.SitePoint, Body: "left_distal", Frame: at(fiveBarDistal, 0, 0)}},
		Seeds:             map[string]map[string]cmg.Values{"default": seed},
		PartitionRequests: map[string][]string{"cranks": {"left_shoulder", "right_shoulder"}},
		Scales:            &cmg.Scales{LengthM: 0.2, AngleRad: 1},
	}, nil
}

// fiveBarSeed returns the closed configuration with crank angles th1 (left) and th2
// (right), end effector on the upper branch.
func fiveBarSeed(th1, th2 float64) (map[string]cmg.Values, error) {
	e1 := [2]float64{fiveBarProximal * math.Cos(th1), fiveBarProximal * math.Sin(th1)}
	e2 := [2]float64{fiveBarBase + fiveBarProximal*math.Cos(th2), fiveBarProximal * math.Sin(th2)}
	p, err := circleMeet(e1, fiveBarDistal, e2, fiveBarDistal, true)
	if err != nil {
		return nil, fmt.Errorf("five-bar seed: %w", err)
	}
	th3 := angleOf(e1, p) // left distal direction
	th4 := angleOf(e2, p) // right distal direction
	return map[string]cmg.Values{
		"left_shoulder":  {th1},
		"right_shoulder": {th2},
		"left_elbow":     {th3 - th1},
		"right_elbow":    {th4 - th2},
		"wrist":          {th4 - th3},
	}, nil
}

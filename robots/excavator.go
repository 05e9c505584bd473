package robots

import (
	_ "embed"
	"sync"

	"github.com/robocompiler/robocompiler/cmg"
)

//go:generate go run ./internal/gen -src ../../shared/models/excavator -out data/excavator.json

// excavatorJSON is the excavator arm with tilt-rotator, generated from the figures in
// shared/models/excavator (README.md there gives sources and conventions): 25 bodies,
// 34 joints (26 revolute, 6 prismatic, 2 fixed; no cut marked), 8 joint actuators
// (forces on p0…p5, torques on q21 and q23; drive_p0 drives p0, the tilt cylinder whose
// input channel is unconnected in the source — the CMG has no field for that), the
// source's reference seed, branch window ±3.0 rad / ±1.8 m and partition requests
// joint_space and cylinder_space.
//
//go:embed data/excavator.json
var excavatorJSON []byte

// excavatorSourceName names the embedded file in error messages.
const excavatorSourceName = "robots/data/excavator.json"

// parsedExcavator parses and validates the embedded excavator once.
var parsedExcavator = sync.OnceValues(func() (*cmg.Graph, error) {
	return cmg.Parse(excavatorJSON, excavatorSourceName)
})

// loadExcavator returns a fresh deep copy of the embedded excavator graph.
func loadExcavator() (*cmg.Graph, error) {
	g, err := parsedExcavator()
	if err != nil {
		return nil, err
	}
	return g.Clone(), nil
}

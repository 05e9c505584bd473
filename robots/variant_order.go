package robots

import (
	"math/rand/v2"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
)

// shuffleRecords shuffles the bodies, joints, actuators, sites, loop cuts and couplings
// of g (each list into an order different from the original when it has two or more
// records). Partition requests keep their order: it is meaningful.
func shuffleRecords(g *cmg.Graph, rng *rand.Rand) string {
	shuffled(rng, len(g.Bodies), func(i, j int) { g.Bodies[i], g.Bodies[j] = g.Bodies[j], g.Bodies[i] })
	shuffled(rng, len(g.Joints), func(i, j int) { g.Joints[i], g.Joints[j] = g.Joints[j], g.Joints[i] })
	shuffled(rng, len(g.Actuators), func(i, j int) { g.Actuators[i], g.Actuators[j] = g.Actuators[j], g.Actuators[i] })
	shuffled(rng, len(g.Sites), func(i, j int) { g.Sites[i], g.Sites[j] = g.Sites[j], g.Sites[i] })
	shuffled(rng, len(g.LoopCuts), func(i, j int) { g.LoopCuts[i], g.LoopCuts[j] = g.LoopCuts[j], g.LoopCuts[i] })
	shuffled(rng, len(g.Couplings), func(i, j int) { g.Couplings[i], g.Couplings[j] = g.Couplings[j], g.Couplings[i] })
	return "bodies, joints, actuators and sites in shuffled order; mechanism unchanged"
}

// shuffleActuators shuffles the actuators of g only.
func shuffleActuators(g *cmg.Graph, rng *rand.Rand) string {
	shuffled(rng, len(g.Actuators), func(i, j int) { g.Actuators[i], g.Actuators[j] = g.Actuators[j], g.Actuators[i] })
	ids := make([]string, len(g.Actuators))
	for i, a := range g.Actuators {
		ids[i] = a.ID
	}
	return "actuators reordered: " + strings.Join(ids, ", ") + "; mechanism unchanged"
}

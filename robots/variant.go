package robots

import (
	"fmt"
	"math/rand/v2"

	"github.com/robocompiler/robocompiler/cmg"
)

// Variant is one edited copy of a built-in model: a physical change (geometry, masses,
// payload) or a change of representation only (body frames, record order, actuator
// order).
type Variant struct {
	// Name is "<model>-<index, two digits>-<kind>", kind one of the Variant* constants.
	Name string
	// Description says what was changed, with magnitudes.
	Description string
	// Graph is the edited model.
	Graph *cmg.Graph
}

// Variant kinds. Variants cycles through them in this order.
const (
	// VariantGeometry moves joint attachment points by at most 1 mm where the
	// mechanism stays assemblable; the seed then closes only approximately (exactly for
	// the Stewart platform, whose seed is recomputed).
	VariantGeometry = "geometry"
	// VariantInertia scales every mass and stretches every mass distribution by at
	// most ±10 %, keeping each inertia physical.
	VariantInertia = "inertia"
	// VariantFrames re-expresses randomly chosen bodies in randomly moved body frames;
	// the physical mechanism and the seed are unchanged.
	VariantFrames = "frames"
	// VariantRecords shuffles the order of bodies, joints, actuators and sites.
	VariantRecords = "records"
	// VariantActuators shuffles the order of the actuators only.
	VariantActuators = "actuators"
	// VariantPayload changes the carried load (the Stewart payload, soil in the
	// excavator bucket).
	VariantPayload = "payload"
)

// variantKinds is the cycle of kinds.
var variantKinds = []string{VariantGeometry, VariantInertia, VariantFrames, VariantRecords, VariantActuators, VariantPayload}

// variantModels are the models with variants: each maps a kind to an edit of a fresh
// base graph, returning the edited graph and its description.
var variantModels = map[string]func(kind string, rng *rand.Rand) (*cmg.Graph, string, error){
	"stewart":   stewartVariant,
	"excavator": excavatorVariant,
}

// Variants returns n variants of the named model ("stewart" or "excavator"),
// cycling through geometry, inertia, frames, records, actuators and payload edits.
// They are deterministic in seed, and variant i does not depend on n.
func Variants(name string, n int, seed uint64) ([]Variant, error) {
	build, ok := variantModels[name]
	if !ok {
		return nil, fmt.Errorf("robots: no variants for model %q (models with variants: excavator, stewart)", name)
	}
	if n < 0 {
		return nil, fmt.Errorf("robots: variant count %d is negative", n)
	}
	out := make([]Variant, n)
	for i := range n {
		kind := variantKinds[i%len(variantKinds)]
		rng := rand.New(rand.NewPCG(seed, 0x5eed0000+uint64(i)))
		g, desc, err := build(kind, rng)
		if err != nil {
			return nil, fmt.Errorf("robots: %s variant %d (%s): %w", name, i, kind, err)
		}
		g.Name = fmt.Sprintf("%s-%02d-%s", name, i, kind)
		out[i] = Variant{Name: g.Name, Description: desc, Graph: g}
	}
	return out, nil
}

// genericVariant applies the model-independent edits to g.
func genericVariant(kind string, g *cmg.Graph, rng *rand.Rand) (string, error) {
	switch kind {
	case VariantInertia:
		return perturbMassProperties(g, rng), nil
	case VariantFrames:
		return reexpressBodies(g, rng), nil
	case VariantRecords:
		return shuffleRecords(g, rng), nil
	case VariantActuators:
		return shuffleActuators(g, rng), nil
	}
	return "", fmt.Errorf("unknown variant kind %q", kind)
}

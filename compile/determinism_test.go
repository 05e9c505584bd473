package compile_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// shuffleGraph returns a copy of g with its bodies, joints, actuators, sites, loop cuts,
// couplings and hint lists in random order (partition requests keep theirs: it is
// meaningful).
func shuffleGraph(g *cmg.Graph, rng *rand.Rand) *cmg.Graph {
	c := g.Clone()
	rng.Shuffle(len(c.Bodies), func(i, j int) { c.Bodies[i], c.Bodies[j] = c.Bodies[j], c.Bodies[i] })
	rng.Shuffle(len(c.Joints), func(i, j int) { c.Joints[i], c.Joints[j] = c.Joints[j], c.Joints[i] })
	rng.Shuffle(len(c.Actuators), func(i, j int) { c.Actuators[i], c.Actuators[j] = c.Actuators[j], c.Actuators[i] })
	rng.Shuffle(len(c.Sites), func(i, j int) { c.Sites[i], c.Sites[j] = c.Sites[j], c.Sites[i] })
	rng.Shuffle(len(c.LoopCuts), func(i, j int) { c.LoopCuts[i], c.LoopCuts[j] = c.LoopCuts[j], c.LoopCuts[i] })
	rng.Shuffle(len(c.Couplings), func(i, j int) { c.Couplings[i], c.Couplings[j] = c.Couplings[j], c.Couplings[i] })
	if h := c.Hints; h != nil {
		rng.Shuffle(len(h.TreeJoints), func(i, j int) { h.TreeJoints[i], h.TreeJoints[j] = h.TreeJoints[j], h.TreeJoints[i] })
		rng.Shuffle(len(h.CutJoints), func(i, j int) { h.CutJoints[i], h.CutJoints[j] = h.CutJoints[j], h.CutJoints[i] })
	}
	return c
}

// determinismModels are the built-in models and generated ladders that exercise loop
// cuts, couplings and hints.
func determinismModels(t *testing.T) map[string]*cmg.Graph {
	out := map[string]*cmg.Graph{}
	for _, name := range robots.Names() {
		out[name] = builtin(t, name)
	}
	out["ladder-hints"] = ladder(9, ladderOptions{couplings: true, hints: true})
	out["ladder-loopcuts"] = ladder(9, ladderOptions{loopCuts: true, couplings: true, hints: true})
	st := builtin(t, "stewart")
	st.Hints = &cmg.Hints{TreeJoints: []string{"leg_3_ball", "leg_4_u1"}, CutJoints: []string{"leg_2_length"}}
	out["stewart-hints"] = st
	for name, g := range out {
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return out
}

// TestShuffledRecords: the compiled structure — joint order and layout, tree joints,
// edges, comparisons with their kinds, factors and columns, rows, couplings and
// modules — does not depend on the order of the records, for 20 random permutations of
// every model, in both comparison forms.
func TestShuffledRecords(t *testing.T) {
	for name, g := range determinismModels(t) {
		for _, elim := range []bool{false, true} {
			opts := compile.Options{Eliminate: elim}
			ref := mustCompile(t, g, opts)
			want := structure(ref)
			if len(ref.Graph.Bodies) > 1 && ref.Bodies[0].ID > ref.Bodies[1].ID {
				t.Fatalf("%s: bodies not in id order", name)
			}
			for k := range 20 {
				rng := rand.New(rand.NewPCG(uint64(k), idHash(name)))
				sg := shuffleGraph(g, rng)
				before := sg.Clone()
				m := mustCompile(t, sg, opts)
				if !reflect.DeepEqual(before, sg) {
					t.Fatalf("%s: Compile modified its input graph", name)
				}
				if got := structure(m); got != want {
					t.Fatalf("%s (eliminate %v), permutation %d: structure differs at %s", name, elim, k, firstDiff(want, got))
				}
				// Everything but the private copy of the records must be equal; ports and
				// sites keep the record order, so they are compared in id order.
				a, b := *ref, *m
				a.Graph, b.Graph = nil, nil
				a.Ports, b.Ports = portsByID(a.Ports), portsByID(b.Ports)
				a.Sites, b.Sites = sitesByID(a.Sites), sitesByID(b.Sites)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("%s (eliminate %v), permutation %d: compiled models differ beyond the rendered structure", name, elim, k)
				}
			}
		}
	}
}

// portsByID returns the ports sorted by id.
func portsByID(ps []compile.Port) []compile.Port {
	return slices.SortedFunc(slices.Values(ps), func(a, b compile.Port) int { return strings.Compare(a.ID, b.ID) })
}

// sitesByID returns the sites sorted by id.
func sitesByID(ss []compile.Site) []compile.Site {
	return slices.SortedFunc(slices.Values(ss), func(a, b compile.Site) int { return strings.Compare(a.ID, b.ID) })
}

// TestRecordVariants: the "records" variants of robots.Variants (shuffled records) and
// the "actuators" variants compile to the base model's structure.
func TestRecordVariants(t *testing.T) {
	for _, name := range []string{"stewart", "excavator"} {
		want := structure(mustCompile(t, builtin(t, name), compile.Options{}))
		vs, err := robots.Variants(name, 12, 3)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, v := range vs {
			if v.Name[len(v.Name)-len(robots.VariantRecords):] != robots.VariantRecords &&
				v.Name[len(v.Name)-len(robots.VariantActuators):] != robots.VariantActuators {
				continue
			}
			n++
			got := structure(mustCompile(t, v.Graph, compile.Options{}))
			if got != want {
				t.Errorf("%s: structure differs at %s", v.Name, firstDiff(want, got))
			}
		}
		if n != 4 {
			t.Fatalf("%s: %d record/actuator variants, want 4", name, n)
		}
	}
}

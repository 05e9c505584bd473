package sweep_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/robocompiler/robocompiler/experiments/sweep"
)

// A sweep over the Stewart platform's base anchor radius and its payload, with random
// platform masses; every machine expands it to the same list.
const stewartSweep = `schema: robocompiler.sweep/1
name: example
model: stewart
seed: 1
parameters:
  - {name: radius, stewart: base_radius, range: {from: 0.45, to: 0.65, steps: 3}}
  - {name: payload, stewart: payload_mass, list: [0, 20]}
  - {name: platform, record: platform, field: mass, uniform: {low: 10, high: 14}}
run:
  assemble: {partition: lengths}
metrics: [assemble.static_effort_max]
`

// ExampleSweep_Expand parses a sweep file and lists its variants: the grid of radius and
// payload (the last parameter fastest), each with its random platform mass.
func ExampleSweep_Expand() {
	s, err := sweep.Parse([]byte(stewartSweep), "example.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	for _, v := range s.Expand()[:3] {
		fmt.Printf("%d: radius %.2f payload %.0f platform %.3f\n", v.Index, v.Values[0], v.Values[1], v.Values[2])
	}
	// Output:
	// sweep "example" on stewart: 6 variants
	// 0: radius 0.45 payload 0 platform 10.954
	// 1: radius 0.45 payload 20 platform 11.361
	// 2: radius 0.55 payload 0 platform 12.706
}

// ExampleRunShard runs shard 0 of 2 (variants 0, 2, 4) and merges: the merge names the
// variants of the missing shard.
func ExampleRunShard() {
	s, err := sweep.Parse([]byte(stewartSweep), "example.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "sweep-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	rep, err := sweep.RunShard(s, dir, sweep.ShardOptions{Shard: 0, Of: 2, Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	rows, err := sweep.ReadRows(rep.File)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("variant %d: %s, largest leg force %.1f N\n", r.Variant, r.Status, *r.Metrics["assemble.static_effort_max"])
	}
	_, err = sweep.Merge(dir)
	var miss *sweep.MissingError
	fmt.Println(errors.As(err, &miss), miss.Missing)
	// Output:
	// variant 0: ok, largest leg force 25.1 N
	// variant 2: ok, largest leg force 29.8 N
	// variant 4: ok, largest leg force 33.7 N
	// true [1 3 5]
}

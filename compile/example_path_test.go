package compile_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// The comparisons keep no paths: a caller walks each one into its own buffer, which it
// reuses, so that the walks allocate nothing once the buffer has grown.
func ExampleModel_AppendPath() {
	g, err := robots.Get("fourbar")
	if err != nil {
		panic(err)
	}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		panic(err)
	}
	var path []compile.Factor
	var cols []int
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		path, _ = m.AppendPath(path[:0], c.NodeA, c.NodeB)
		cols = m.AppendColumns(cols[:0], c)
		fmt.Printf("cut %s: %d edges through %s, columns %v\n", c.ID, m.PathLen(c), m.Node(c.LCA), cols)
		for _, f := range path {
			dir := "down"
			if f.Up {
				dir = "up"
			}
			fmt.Printf("  %-4s %s\n", dir, m.Joints[m.Edges[f.Edge].Joint].ID)
		}
	}
	// Output:
	// cut crank_coupler: 3 edges through world, columns [0 1 2 3]
	//   up   crank_pivot
	//   down rocker_pivot
	//   down coupler_rocker
}

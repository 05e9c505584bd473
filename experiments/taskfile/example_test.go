package taskfile_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler/experiments/taskfile"
)

// Parse reads a task file, applies the defaults and reports a bad file by file, line
// and field.
func ExampleParse() {
	src := []byte(`model: fivebar
partition: cranks
duration: 2       # s
step: 0.001       # s
references:
  - {name: tool, site: tool, relative: true, position: {waypoints: {times: [0, 1], values: [[0, 0, 0], [0.01, 0, 0]]}}}
controller: {kind: task_pd, targets: [tool], task_gain: 20, speed_gain: 60}
`)
	f, err := taskfile.Parse("circle.yaml", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Name, f.Integrator, f.Runs[0].Name, f.References[0].Position.Waypoints.Interpolation)

	_, err = taskfile.Parse("bad.yaml", []byte("model: fivebar\nduration: 2\nstep: -0.001\ncontroller: {kind: none}\n"))
	fmt.Println(err)
	// Output:
	// circle rk4 circle minimum_jerk
	// bad.yaml:3:1: field "step": -0.001 s: expected a positive number
}

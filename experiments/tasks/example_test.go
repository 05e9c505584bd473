package tasks_test

import (
	"fmt"

	"github.com/robocompiler/robocompiler/experiments/tasks"
	"github.com/robocompiler/robocompiler/robots"
)

// RunFile runs a shipped task file (here the five-bar circle, shortened) on its model and
// returns the runs' logs and the file's metrics.
func ExampleRunFile() {
	f, err := tasks.Get("fivebar_circle")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := robots.Get(f.Model)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := tasks.RunFile(f, g, tasks.Options{Duration: 0.5})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range res.Runs {
		fmt.Println(r.Name, r.Stats.Steps, r.Log.Rows())
	}
	// Output:
	// pd_ff 500 51
	// pd 500 51
}

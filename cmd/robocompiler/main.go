// Command robocompiler compiles a robot's physical description into closure, motion,
// actuation and dynamics interfaces. See the README for the command-line contract.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// root is the top-level command; every subcommand registers itself from its own file.
var root = &cobra.Command{
	Use:           "robocompiler",
	Short:         "Compile mechanism graphs with kinematic loops into consistent interfaces",
	SilenceUsage:  true,
	SilenceErrors: true,
}

// jsonOut is the global --json flag: print exactly one JSON object on stdout.
var jsonOut bool

func init() {
	root.PersistentFlags().BoolVar(&jsonOut, "json", false, "print exactly one JSON object on stdout")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cli.Usage(err) })
}

func main() {
	err := root.Execute()
	if err == nil {
		return
	}
	var ee *cli.ExitError
	if !errors.As(err, &ee) {
		// cobra's own errors (unknown command, wrong arg count) are usage errors.
		ee = &cli.ExitError{Code: cli.ExitUsage, Err: err}
	}
	fmt.Fprintln(os.Stderr, "robocompiler:", ee.Err)
	os.Exit(ee.Code)
}

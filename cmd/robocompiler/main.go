// Command robocompiler compiles a robot's physical description into closure, motion,
// actuation and dynamics interfaces. See the README for the command-line contract.
package main

import (
	"io"
	"os"
	"slices"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// version is the command's version (set at build time with -ldflags "-X main.version=...").
var version = "0.1.0-dev"

// root is the top-level command; every subcommand registers itself from its own file.
var root = &cobra.Command{
	Use:           "robocompiler",
	Short:         "Compile mechanism graphs with kinematic loops into consistent interfaces",
	Version:       version,
	SilenceUsage:  true,
	SilenceErrors: true,
}

// jsonOut is the global --json flag: print exactly one JSON object on stdout.
var jsonOut bool

func init() {
	root.PersistentFlags().BoolVar(&jsonOut, "json", false, "print exactly one JSON object on stdout")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cli.Usage(err) })
	root.PersistentPreRun = func(_ *cobra.Command, args []string) {
		if len(args) > 0 {
			cli.Input = args[0] // MODEL (or FILE): the file an unlocated error belongs to
		}
	}
}

func main() {
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}

// execute runs the command line args and returns the exit status: a failure prints its
// message on stderr (and with --json the error object on stdout); a panic that escaped
// every check becomes an internal error (exit 70) asking for a bug report.
func execute(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if v := recover(); v != nil {
			var stack io.Writer
			if os.Getenv("ROBOCOMPILER_TRACE") != "" {
				stack = stderr
			}
			code = cli.Report(stdout, stderr, cli.Recovered(v, stack), wantJSON(args))
		}
	}()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.Execute(); err != nil {
		return cli.Report(stdout, stderr, err, wantJSON(args))
	}
	return cli.ExitOK
}

// wantJSON reports --json, also when flag parsing stopped before reaching it.
func wantJSON(args []string) bool {
	return jsonOut || slices.Contains(args, "--json") || slices.Contains(args, "--json=true")
}

package main

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/urdf"
	"github.com/spf13/cobra"
)

// validateJSON is the --json output of validate.
type validateJSON struct {
	OK     bool              `json:"ok"`
	Model  string            `json:"model"`
	Errors []validateProblem `json:"errors"`
	// Error is the command's error object when the model is invalid (the contract's
	// {"error": {...}}, held in validate's own report so that stdout stays one object).
	Error *cli.ErrorBody `json:"error,omitempty"`
}

// validateProblem is one entry of validateJSON.Errors; Line and Column are 0 when unknown.
type validateProblem struct {
	Record  string `json:"record"`
	Field   string `json:"field"`
	Message string `json:"message"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

func init() {
	root.AddCommand(&cobra.Command{
		Use:   "validate MODEL",
		Short: "Parse and validate a model, listing every problem with its file, record and field",
		Long: "validate reads MODEL and checks it against the CMG format's rules (docs/cmg-format.md).\n" +
			"It reports every problem, each naming the file, line, record and field and saying what\n" +
			"would be valid. Exit status: 0 valid, 1 invalid or unreadable, 2 usage error.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runValidate(cmd, args[0]) },
	})
}

// runValidate loads and validates one model and reports the result.
func runValidate(cmd *cobra.Command, model string) error {
	g, warnings, err := robocompiler.LoadGraph(model, false)
	for _, w := range warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w)
	}
	if err == nil {
		// Imported and built-in graphs have not been through cmg.Parse; check them here.
		err = g.Validate()
	}
	problems := describeProblems(err)
	out := validateJSON{OK: err == nil, Model: model, Errors: problems}
	if err == nil {
		if jsonOut {
			return cli.WriteJSON(cmd.OutOrStdout(), out)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "%s: valid: %s\n", model, summary(g))
		return nil
	}
	var errs cmg.Errors
	if !jsonOut && len(problems) > 1 && errors.As(err, &errs) { // several problems only come as cmg.Errors
		for _, e := range errs {
			fmt.Fprintln(cmd.ErrOrStderr(), e)
		}
	}
	if len(problems) == 1 {
		err = cli.Invalid(err)
	} else {
		err = cli.Invalid(fmt.Errorf("%s is invalid: %d problems", model, len(problems)))
	}
	if jsonOut {
		out.Error = cli.Embedded(&err)
		if werr := cli.WriteJSON(cmd.OutOrStdout(), out); werr != nil {
			return werr
		}
	}
	return err
}

// describeProblems lists the problems in err for the JSON output: each cmg.FieldError of
// cmg.Errors, an MJCF or URDF import error with its record (or element) and attribute,
// or any other error (an unreadable file, an unknown model name) as a bare message.
func describeProblems(err error) []validateProblem {
	out := []validateProblem{}
	var errs cmg.Errors
	var me *mjcf.Error
	var ue *urdf.Error
	switch {
	case err == nil:
	case errors.As(err, &errs):
		for _, e := range errs {
			out = append(out, validateProblem{Record: e.Record, Field: e.Field, Message: e.Message, Line: e.Line, Column: e.Column})
		}
	case errors.As(err, &me) || errors.As(err, &ue):
		b := cli.Locate(err)
		out = append(out, validateProblem{Record: b.Record, Field: b.Field, Message: b.Message, Line: b.Line})
	default:
		out = append(out, validateProblem{Message: err.Error()})
	}
	return out
}

// summary describes a valid graph in one line.
func summary(g *cmg.Graph) string {
	s := ""
	if g.Name != "" {
		s = fmt.Sprintf("%q: ", g.Name)
	}
	return s + fmt.Sprintf("%s, %s, %s, %s, %s, %s, %s, %s",
		plural(len(g.Bodies), "body", "bodies"), plural(len(g.Joints), "joint", "joints"),
		plural(len(g.LoopCuts), "loop cut", "loop cuts"), plural(len(g.Couplings), "coupling", "couplings"),
		plural(len(g.Actuators), "actuator", "actuators"), plural(len(g.Sites), "site", "sites"),
		plural(len(g.Seeds), "seed", "seeds"), plural(len(g.PartitionRequests), "partition request", "partition requests"))
}

// plural formats a count with the singular or plural noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

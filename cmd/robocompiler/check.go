package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/robocompiler/robocompiler/check"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// checkJSON is check.Report with the omission ratio as null when it does not apply.
type checkJSON struct {
	Model string `json:"model"`
	*check.Report
	Ratio    *float64 `json:"curvature_omission_ratio_min"`
	Passed   bool     `json:"passed"`
	Failures []string `json:"failures"`
}

func init() {
	var f compileFlags
	var start string
	var opts check.Options
	c := &cobra.Command{
		Use:   "check MODEL",
		Short: "Consistency witnesses (differentials, lift, virtual power, dynamics, curvature) at random feasible states",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.States < 1 {
				return cli.Usage(fmt.Errorf("--states %d: at least one state is needed", opts.States))
			}
			s, err := assembleModel(args[0], start, &f)
			if err != nil {
				return err
			}
			rep, runErr := check.Run(s.d, opts)
			if rep == nil {
				return cli.Invalid(runErr)
			}
			out := checkJSON{Model: s.m.Graph.Name, Report: rep, Failures: rep.Failures()}
			if !math.IsNaN(rep.CurvatureOmissionRatioMin) {
				r := finite(rep.CurvatureOmissionRatioMin)
				out.Ratio = &r
			}
			if runErr != nil {
				out.Failures = append(out.Failures, runErr.Error())
			}
			out.Passed = len(out.Failures) == 0
			if out.Failures == nil {
				out.Failures = []string{}
			}
			w := cmd.OutOrStdout()
			if jsonOut {
				if err := cli.WriteJSON(w, out); err != nil {
					return err
				}
			} else {
				printCheck(cmd, out)
			}
			if !out.Passed {
				return cli.Numerical(fmt.Errorf("check failed: %s", strings.Join(out.Failures, "; ")))
			}
			return nil
		},
	}
	f.register(c)
	c.Flags().StringVar(&start, "start", "", "named seed the states are sampled around (default: the model's default seed)")
	c.Flags().IntVar(&opts.States, "states", 20, "number of random feasible states")
	c.Flags().Uint64Var(&opts.Seed, "seed", 1, "random seed")
	c.Flags().BoolVar(&opts.Extended, "extended", false, "solve the KKT reference in extended precision")
	root.AddCommand(c)
}

// printCheck writes the readable report.
func printCheck(cmd *cobra.Command, out checkJSON) {
	w := cmd.OutOrStdout()
	r := out.Report
	fmt.Fprintf(w, "%s: %d feasible states, rank %d, mobility %d\n", out.Model, r.States, r.Rank, r.Mobility)
	row := func(name string, v, target float64, cmp string) {
		fmt.Fprintf(w, "  %-32s %10.3g   (target %s %.0e)\n", name, v, cmp, target)
	}
	t := check.Targets
	row("jacobian_fd_rel_max", r.JacobianFDRelMax, t.JacobianFD, "<=")
	row("lift_residual_max", r.LiftResidualMax, t.Lift, "<=")
	row("virtual_power_defect_max_W", r.VirtualPowerDefectMaxW, t.VirtualPowerW, "<=")
	row("delta_a_max", r.DeltaAMax, t.DeltaA, "<=")
	if r.ExtendedReferenceSkipped {
		fmt.Fprintf(w, "  (extended-precision KKT reference skipped: more than %d velocity coordinates; float64 reference only)\n", check.ExtendedMaxNV)
	}
	fmt.Fprintf(w, "  %-32s %10.3g\n", "delta_f_max", r.DeltaFMax)
	fmt.Fprintf(w, "  %-32s %10.3g\n", "constraint_accel_residual_max", r.ConstraintAccelResidualMax)
	row("curvature_fd_rel_max", r.CurvatureFDRelMax, t.CurvatureFD, "<=")
	if out.Ratio != nil {
		row("curvature_omission_ratio_min", *out.Ratio, t.OmissionRatio, ">=")
	} else {
		fmt.Fprintf(w, "  %-32s %10s   (no closure drift to omit)\n", "curvature_omission_ratio_min", "n/a")
	}
	if out.Passed {
		fmt.Fprintln(w, "passed")
	}
}

package main

import (
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strings"

	"github.com/robocompiler/robocompiler"
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
	// Supports are the welded sites of --support; Protocol the report of the paper's
	// protocol against --reference (present when any protocol flag is given).
	Supports []string              `json:"supports,omitempty"`
	Protocol *check.ProtocolReport `json:"protocol,omitempty"`
	// Error is the command's error object when a target is missed (the report and the
	// contract's {"error": {...}} in one object).
	Error *cli.ErrorBody `json:"error,omitempty"`
}

func init() {
	var f compileFlags
	var start string
	var opts check.Options
	var pf protocolFlags
	c := &cobra.Command{
		Use:   "check MODEL",
		Short: "Consistency witnesses (differentials, lift, virtual power, dynamics, curvature) at random feasible states",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.States < 1 {
				return cli.Usage(fmt.Errorf("--states %d: at least one state is needed", opts.States))
			}
			if opts.States > check.MaxStates {
				return cli.Invalid(fmt.Errorf("--states %d: at most %d states are checked (each costs a KKT solve)", opts.States, check.MaxStates))
			}
			s, err := assembleModel(cmd, args[0], start, &f)
			if err != nil {
				return err
			}
			proto, err := pf.setup(cmd, s, &opts)
			if err != nil {
				return err
			}
			// The dense KKT reference runs up to check.DenseReferenceMaxNV velocities in Run,
			// and at any size in the protocol's engines.
			dense := s.m.NV <= check.DenseReferenceMaxNV || (proto != nil && !s.d.Reduced.Tree)
			if need := check.ReferenceBytes(s.m.NV, s.m.Rows, opts.Extended); dense && need > robocompiler.DefaultMemoryBudget {
				return cli.Invalid(fmt.Errorf("%s: the KKT reference of check needs about %.3g GB for %d velocities and %d rows, above the memory budget of %.3g GB",
					s.m.Graph.Source, float64(need)/1e9, s.m.NV, s.m.Rows, float64(robocompiler.DefaultMemoryBudget)/1e9))
			}
			if os.Getenv("GOMEMLIMIT") == "" {
				// A soft limit below the memory budget, so that the collector runs before
				// garbage alone takes a large model's check past it (a 1,000-loop ladder:
				// 2.2 GB peak without, 1.0 GB with 1.5 GiB).
				debug.SetMemoryLimit(robocompiler.DefaultMemoryBudget * 3 / 4)
			}
			q0, p0 := append([]float64(nil), s.d.Q...), s.d.Partition()
			rep, runErr := check.Run(s.d, opts)
			if rep == nil {
				return cli.Invalid(runErr)
			}
			out := checkJSON{Model: s.m.Graph.Name, Report: rep, Failures: rep.Failures(), Supports: pf.supports}
			if proto != nil {
				if err := s.d.Place(q0, p0); err != nil {
					return cli.Numerical(fmt.Errorf("%s: returning to the assembled state for the protocol: %w", s.m.Graph.Source, err))
				}
				pr, err := check.Protocol(s.d, *proto)
				if pr == nil {
					return protocolFailure(s.m.Graph.Source, proto.Reference, err)
				}
				out.Protocol = pr
				out.Failures = append(out.Failures, pr.Failures()...)
				if err != nil {
					out.Failures = append(out.Failures, err.Error())
				}
			}
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
			var fail error
			if !out.Passed {
				fail = cli.Numerical(fmt.Errorf("%s: check failed (states from seed %q, --seed %d): %s", s.m.Graph.Source, seedLabel(start), opts.Seed, strings.Join(out.Failures, "; ")))
			}
			if jsonOut {
				out.Error = cli.Embedded(&fail)
				if err := cli.WriteJSON(cmd.OutOrStdout(), out); err != nil {
					return err
				}
			} else {
				printCheck(cmd, out)
			}
			return fail
		},
	}
	f.register(c)
	c.Flags().StringVar(&start, "start", "", "named seed the states are sampled around (default: the model's default seed)")
	c.Flags().IntVar(&opts.States, "states", 20, "number of random feasible states")
	c.Flags().Uint64Var(&opts.Seed, "seed", 1, "random seed")
	c.Flags().BoolVar(&opts.Extended, "extended", false, "solve the KKT reference in extended precision")
	pf.register(c)
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
	row("delta_a_max", r.DeltaAMax, math.Max(t.DeltaA, r.DeltaATarget), "<=")
	fmt.Fprintf(w, "  %-32s %10.3g\n", "delta_f_max", r.DeltaFMax)
	fmt.Fprintf(w, "  %-32s %10.3g\n", "constraint_accel_residual_max", r.ConstraintAccelResidualMax)
	row("curvature_fd_rel_max", r.CurvatureFDRelMax, t.CurvatureFD, "<=")
	if out.Ratio != nil {
		row("curvature_omission_ratio_min", *out.Ratio, t.OmissionRatio, ">=")
	} else {
		fmt.Fprintf(w, "  %-32s %10s   (no closure drift to omit)\n", "curvature_omission_ratio_min", "n/a")
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	if p := out.Protocol; p != nil {
		fmt.Fprintf(w, "protocol against %s: %d %s states, %d reference rows, supports %v\n", p.Reference, p.States, p.StateSource,
			p.ReferenceRows, out.Supports)
		fmt.Fprintf(w, "  %-32s %10.3g   median %.3g   (target <= %.0e)\n", "delta_a_max", p.DeltaAMax, p.DeltaAMedian, p.DeltaATarget)
		fmt.Fprintf(w, "  %-32s %10.3g   median %.3g\n", "delta_f_max", p.DeltaFMax, p.DeltaFMedian)
	}
	if out.Passed {
		fmt.Fprintln(w, "passed")
	}
}

package main

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// assembled is a compiled model at an assembled configuration with its partition and lift.
type assembled struct {
	m    *compile.Model
	a    *closure.Assembly
	p    *closure.Partition
	lift *closure.Lift
	// eliminated holds the implied coordinates of eliminated cut joints, by id.
	eliminated map[string][]float64
}

// assembleModel compiles MODEL, assembles it from the named seed holding the requested
// independent coordinates, checks the limits of eliminated cut joints there, and
// partitions its velocities there.
func assembleModel(arg, seed string, f *compileFlags) (*assembled, error) {
	m, err := compileModel(arg, f)
	if err != nil {
		return nil, err
	}
	req, err := requested(m, f)
	if err != nil {
		return nil, err
	}
	q0, err := m.Seed(seed)
	if err != nil {
		return nil, cli.Invalid(err)
	}
	a, err := closure.Assemble(m, q0, closure.AssembleOptions{Hold: req})
	if err != nil {
		if names := m.SeedNames(); len(names) > 1 {
			err = fmt.Errorf("%w (from seed %q; the model's seeds are %v: start from another with --seed, or --start for check)", err, seedLabel(seed), names)
		}
		return nil, cli.Numerical(err)
	}
	elim, err := eliminatedValues(m, a.Q)
	if err != nil {
		return nil, cli.Numerical(fmt.Errorf("%s: assembled configuration rejected: %w", m.Graph.Source, err))
	}
	d := closure.NewData(m)
	d.Jacobian(a.Q)
	p, err := closure.ChoosePartition(m, d.C, req, 0)
	if err != nil {
		return nil, partitionFailure(err)
	}
	l := closure.NewLift(p, m.NV)
	if err := l.Update(d.C); err != nil {
		return nil, cli.Numerical(err)
	}
	return &assembled{m: m, a: a, p: p, lift: l, eliminated: elim}, nil
}

// seedLabel names the seed a command started from.
func seedLabel(seed string) string {
	if seed == "" {
		return "default"
	}
	return seed
}

// partitionFailure classifies a partition error: an invalid request is a numerical
// failure at this configuration (exit 3).
func partitionFailure(err error) error {
	var pe *closure.PartitionError
	if errors.As(err, &pe) {
		return cli.Numerical(err)
	}
	return cli.Invalid(err)
}

// nearJSON is one near-redundant constraint direction: the cut and residual row behind
// the pivot, its normalised value, and whether the rank decision treated it as redundant
// (false: it is kept and locks one degree of freedom).
type nearJSON struct {
	Cut       string  `json:"cut"`
	Row       int     `json:"row"`
	Value     float64 `json:"value"`
	Redundant bool    `json:"redundant"`
}

type assembleJSON struct {
	Model       string               `json:"model"`
	GapM        float64              `json:"closure_gap_m"`
	GapRad      float64              `json:"closure_gap_rad"`
	ResidualInf float64              `json:"residual_inf"`
	Rows        int                  `json:"rows"`
	Rank        int                  `json:"rank"`
	RankGap     float64              `json:"rank_gap"`
	Mobility    int                  `json:"mobility"`
	Independent []string             `json:"independent"`
	Near        []nearJSON           `json:"near_redundant"`
	Q           map[string][]float64 `json:"q"`
	Iterations  int                  `json:"iterations"`
	Steps       int                  `json:"continuation_steps"`
}

func init() {
	var f compileFlags
	var seed string
	c := &cobra.Command{
		Use:   "assemble MODEL",
		Short: "Assemble a feasible configuration from the seed by defect-homotopy continuation",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := assembleModel(args[0], seed, &f)
			if err != nil {
				return err
			}
			m, p := s.m, s.p
			out := assembleJSON{Model: m.Graph.Name, GapM: s.a.GapM, GapRad: s.a.GapRad, ResidualInf: s.a.ResidualInf,
				Rows: m.Rows, Rank: p.Rank, RankGap: finite(p.Gap), Mobility: p.Mobility,
				Q: map[string][]float64{}, Iterations: s.a.Iterations, Steps: s.a.Steps, Near: []nearJSON{},
				Independent: pickNames(m.CoordinateNames(), p.Independent)}
			for _, n := range p.Near {
				out.Near = append(out.Near, nearJSON{Cut: n.Cut, Row: n.Row, Value: n.Value, Redundant: n.Redundant})
			}
			for id, v := range m.JointValues(s.a.Q) {
				out.Q[id] = v
			}
			for id, v := range s.eliminated {
				out.Q[id] = v
			}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), out)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s assembled in %d continuation steps, %d corrector iterations\n", out.Model, out.Steps, out.Iterations)
			fmt.Fprintf(w, "closure gap %.3g m, %.3g rad; rank %d of %d rows (gap %.3g); mobility %d\n", out.GapM, out.GapRad, out.Rank, out.Rows, out.RankGap, out.Mobility)
			fmt.Fprintf(w, "independent: %v\n", out.Independent)
			writeNear(w, out.Near)
			ids := make([]string, 0, len(out.Q))
			for id := range out.Q {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			for _, id := range ids {
				fmt.Fprintf(w, "  %-28s %v\n", id, out.Q[id])
			}
			return nil
		},
	}
	f.register(c)
	c.Flags().StringVar(&seed, "seed", "", "named seed to start from (default: the model's default seed)")
	root.AddCommand(c)
}

// writeNear reports the near-redundant constraint directions: which cuts and rows are
// treated as redundant (dropped at the rank gap: not enforced, they stay small only to
// the scale of their pivot) and which are kept and lock a degree of freedom.
func writeNear(w io.Writer, near []nearJSON) {
	if len(near) == 0 {
		return
	}
	fmt.Fprintf(w, "%d near-redundant constraint directions (pivots in [%.0e, %.0e] of the largest):\n", len(near), closure.NearLow, closure.NearHigh)
	for _, n := range near {
		verdict := "redundant: dropped below the rank gap, not enforced by the corrector"
		if !n.Redundant {
			verdict = "locks one degree of freedom: kept in the rank (no clear gap above it)"
		}
		fmt.Fprintf(w, "  cut %-32q row %3d  pivot %.3g  %s\n", n.Cut, n.Row, n.Value, verdict)
	}
}

// finite maps ±Inf to the largest float so that JSON output stays valid.
func finite(x float64) float64 {
	if x > 1e308 {
		return 1e308
	}
	return x
}

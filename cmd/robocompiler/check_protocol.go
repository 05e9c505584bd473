package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"slices"

	"github.com/robocompiler/robocompiler/backend/simbody"
	"github.com/robocompiler/robocompiler/check"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// protocolFlags are check's flags of the paper's consistency protocol (Table V).
type protocolFlags struct {
	reference, statesFrom string
	supports              []string
	effortScale, wrench   float64
}

func (pf *protocolFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&pf.reference, "reference", check.RefKKT,
		"constrained-dynamics reference of the protocol: kkt, simbody (-tags simbody) or mujoco (-tags mujoco)")
	c.Flags().StringSliceVar(&pf.supports, "support", nil, "sites (or bodies) welded to the ground where they are assembled, SITE,...")
	c.Flags().Float64Var(&pf.effortScale, "effort-scale", 0,
		"half-width of the protocol's random port efforts, N or N·m (default: each actuator's declared effort bound)")
	c.Flags().Float64Var(&pf.wrench, "wrench-scale", 1, "half-width of the protocol's random external wrench on the heaviest body, N and N·m")
	c.Flags().StringVar(&pf.statesFrom, "states-from", "", "evaluate the protocol at the states of a rollout log (CSV from simulate) instead of random ones")
}

// setup applies --support to the assembled workspace (switching it to the support mode
// anchored where the sites are) and returns the protocol's options, or nil when no
// protocol flag was given (today's check, unchanged).
func (pf *protocolFlags) setup(cmd *cobra.Command, s *assembled, opts *check.Options) (*check.ProtocolOptions, error) {
	changed := slices.ContainsFunc([]string{"reference", "support", "effort-scale", "wrench-scale", "states-from"}, cmd.Flags().Changed)
	if !changed {
		return nil, nil
	}
	if !slices.Contains([]string{check.RefKKT, check.RefSimbody, check.RefMuJoCo}, pf.reference) {
		return nil, cli.Usage(fmt.Errorf("--reference %q: want kkt, simbody or mujoco", pf.reference))
	}
	if pf.effortScale < 0 || !(pf.wrench >= 0) {
		return nil, cli.Usage(fmt.Errorf("--effort-scale %g, --wrench-scale %g: magnitudes must not be negative", pf.effortScale, pf.wrench))
	}
	src := s.m.Graph.Source
	if len(pf.supports) > 0 {
		sm, err := s.d.Model().WithSupports(s.d.Q, pf.supports)
		if err != nil {
			return nil, cli.Invalid(fmt.Errorf("%s: --support: %w", src, err))
		}
		if err := s.d.SwitchModel(sm); err != nil {
			return nil, cli.Numerical(fmt.Errorf("%s: assembling the support mode %v: %w", src, pf.supports, err))
		}
		s.m = sm.Model
	}
	po := &check.ProtocolOptions{Reference: pf.reference, States: opts.States, Seed: opts.Seed,
		EffortScale: effortScales(s, pf.effortScale), Wrench: pf.wrench}
	if pf.statesFrom != "" {
		fh, err := os.Open(pf.statesFrom)
		if err != nil {
			return nil, cli.Invalid(fmt.Errorf("--states-from: %w", err))
		}
		defer fh.Close()
		if po.Log, err = check.ReadStates(fh, s.m); err != nil {
			return nil, cli.Invalid(fmt.Errorf("--states-from %s: %w", pf.statesFrom, err))
		}
	}
	return po, nil
}

// effortScales returns each port's effort half-width: scale when given, otherwise the
// actuator's declared bound (the larger magnitude of its effort_limits; 1 without one).
func effortScales(s *assembled, scale float64) []float64 {
	acts := s.m.Graph.Actuators
	out := make([]float64, len(s.d.Kin.Ports))
	for i := range out {
		out[i] = scale
		if scale > 0 {
			continue
		}
		out[i] = 1
		if i < len(acts) && acts[i].EffortLimits != nil {
			if b := math.Max(math.Abs(acts[i].EffortLimits[0]), math.Abs(acts[i].EffortLimits[1])); b > 0 {
				out[i] = b
			}
		}
	}
	return out
}

// protocolFailure classifies an error that stopped the protocol before any state: a
// reference this build or this model cannot have is invalid input (exit 1), anything else
// numerical (exit 3).
func protocolFailure(src, ref string, err error) error {
	var unsupported *simbody.UnsupportedError
	if errors.Is(err, simbody.ErrUnavailable) || errors.As(err, &unsupported) || errors.Is(err, check.ErrNoMuJoCo) {
		return cli.Invalid(fmt.Errorf("%s: --reference %s: %w", src, ref, err))
	}
	return cli.Numerical(fmt.Errorf("%s: protocol against %s: %w", src, ref, err))
}

package main

/*
#define ROBOCOMPILER_BUILDING_LIBRARY
#include "robocompiler.h"
*/
import "C"

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler"
)

//export rc_forward_derivatives
func rc_forward_derivatives(cd *C.rc_data, f *C.double, nf C.int, fext *C.double, nfext C.int,
	dq *C.double, ndq C.int, du *C.double, ndu C.int, df *C.double, ndf C.int) C.int {
	return onData(cd, "rc_forward_derivatives", func(w *workspace) error {
		return w.forwardDerivatives(fa(f, nf), fa(fext, nfext), fa(dq, ndq), fa(du, ndu), fa(df, ndf))
	})
}

//export rc_inverse_derivatives
func rc_inverse_derivatives(cd *C.rc_data, fext *C.double, nfext C.int, f *C.double, nf C.int,
	dq *C.double, ndq C.int, du *C.double, ndu C.int, dudot *C.double, ndudot C.int) C.int {
	return onData(cd, "rc_inverse_derivatives", func(w *workspace) error {
		return w.inverseDerivatives(fa(fext, nfext), fa(f, nf), fa(dq, ndq), fa(du, ndu), fa(dudot, ndudot))
	})
}

// derivatives returns the workspace's derivative workspace, (re)made for the current
// mobility.
func (w *workspace) derivatives() *robocompiler.Derivatives {
	if w.der == nil || w.der.D != w.d.Mobility() || w.der.NF != len(w.d.Kin.Ports) {
		w.der = w.d.NewDerivatives()
	}
	return w.der
}

// derivativesAvailable refuses the partial derivatives (RC_ERR_USAGE) of a workspace in
// the loop form, which keeps no dense M_r for them.
func (w *workspace) derivativesAvailable(op string) error {
	if w.d.LoopForm() {
		return usagef("%s: %w", op, robocompiler.ErrLoopFormDerivatives)
	}
	return nil
}

// forwardDerivatives evaluates the partials of the forward dynamics and copies them out.
func (w *workspace) forwardDerivatives(f, fext, dq, du, df arr) error {
	const op = "rc_forward_derivatives"
	fs, fx, err := w.forwardInputs(op, f, fext)
	if err != nil {
		return err
	}
	if err := w.derivativesAvailable(op); err != nil {
		return err
	}
	n, np := w.d.Mobility(), len(w.m.m.Ports)
	oq, err := dq.floats(op, "dudot_dq", n*n)
	if err != nil {
		return err
	}
	ou, err := du.floats(op, "dudot_du", n*n)
	if err != nil {
		return err
	}
	of, err := df.floats(op, "dudot_df", n*np)
	if err != nil {
		return err
	}
	g := w.derivatives()
	if err := w.d.ForwardDerivatives(g, fs, fx); err != nil {
		return numerical(err)
	}
	copy(oq, g.DUdotDq)
	copy(ou, g.DUdotDU)
	copy(of, g.DUdotDf)
	return nil
}

// inverseDerivatives evaluates the partials of the inverse dynamics and copies them out.
func (w *workspace) inverseDerivatives(fext, f, dq, du, dudot arr) error {
	const op = "rc_inverse_derivatives"
	if err := w.ready(op); err != nil {
		return err
	}
	if err := w.derivativesAvailable(op); err != nil {
		return err
	}
	n, np := w.d.Mobility(), len(w.m.m.Ports)
	if np != n {
		return invalid(fmt.Errorf("%s: the port map is %d×%d (ports × mobility); the inverse dynamics derivatives need a square, exactly actuated port map", op, np, n))
	}
	fx, err := w.fext(op, fext)
	if err != nil {
		return err
	}
	of, err := f.optFloats(op, "f", np)
	if err != nil {
		return err
	}
	outs := [3][]float64{}
	for k, a := range [3]arr{dq, du, dudot} {
		if outs[k], err = a.floats(op, [3]string{"df_dq", "df_du", "df_dudot"}[k], n*n); err != nil {
			return err
		}
	}
	g := w.derivatives()
	if err := w.d.InverseDerivatives(g, fx); err != nil {
		return numerical(err)
	}
	copy(of, g.F)
	copy(outs[0], g.DfDq)
	copy(outs[1], g.DfDU)
	copy(outs[2], g.DfDUdot)
	return nil
}

// numerical marks a singular port map and the tracker's failures within the difference
// step as numerical failures (RC_ERR_NUMERICAL); other errors keep their own code.
func numerical(err error) error {
	if errors.Is(err, robocompiler.ErrSingularPortMap) || code(err) == codeInvalid {
		return &codedError{codeNumerical, err}
	}
	return err
}

// Package check computes the consistency witnesses of section VI-B of the paper at random
// feasible states of a compiled mechanism: analytic differentials against central
// differences, the lift residual C·E, the virtual-power identity of the actuator ports
// (eq. 13), reduced forward dynamics (eq. 14) against an independent KKT/null-space solve
// (eqs. 21–22), the acceleration-level constraint residual, and the curvature term against
// a centred directional difference together with the residual it removes.
//
// Every witness is a number that would grow if the quantity it watches were wrong; Run
// reports the worst value of each over the sampled states, and Report.Failures compares
// them with the project's accuracy targets.
package check

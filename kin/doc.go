// Package kin evaluates the motion and actuation interfaces of a compiled mechanism
// (section IV of the paper, eqs. 12–13) on a feasible state: the lift E and the feasible
// velocity v = E u, the curvature c = Ė u computed analytically from the constraint drift,
// actuator port displacements ℓ(q) with their Jacobians J_ℓ and port maps L = J_ℓ E, the
// reduced efforts τ_r = Lᵀ f and the same efforts applied on the tree through the ports'
// physical attachments, and task maps J = J_x E for point sites and SE(3) frames.
//
// A Data is a caller-owned workspace for one compiled model and one partition; its stages
// (Lifted, Curvature, Kinematics, PortMap) evaluate everything at (q, u) and allocate
// nothing. The front door (package robocompiler) calls them in order, sharing the closure
// workspace and lift with its tracker.
package kin

// Package simbody is a second, independent multibody engine for the consistency checks
// and executions of section VI: a compiled model (compile.Model) is rebuilt as a Simbody
// 3.7 MultibodySystem (Debian package libsimbody-dev) through a small C++ shim with a C
// interface (shim.h, shim.cpp), and Simbody's own mass matrix, bias forces, constrained
// accelerations, multipliers, constraint errors and integrated states are read back in
// this library's coordinates. Everything except this file, errors.go and stub.go is
// compiled only with the build tag "simbody"; without it Build returns ErrUnavailable.
//
// # What is built
//
// Each tree edge becomes a mobilizer from its parent node to its child (Ground for
// node 0): revolute → Pin, prismatic → Slider, helical → Screw, universal → Universal,
// spherical → Ball, planar → Planar, free → Free, fixed → Weld. The mobilizer frames
// are the joint frames A and B turned by a constant rotation that puts the joint axis on
// Simbody's (z for Pin and Screw, x for Slider, x then y for Universal, the plane normal
// on z for Planar). A reversed edge (body A is the child) uses Simbody's Reverse
// direction, whose q and u describe the joint from A to B as ours do. Body inertias are
// the compiled spatial inertias; gravity is Model.Gravity; joint damping is a
// MobilityLinearDamper on each of the joint's speeds; joint armature is a massless rotor
// (inertia = armature about its pin) on the ground whose speed is coupled to the joint's
// speed by a SpeedCoupler, so Simbody's own equations carry the reflected inertia.
//
// Each closure comparison becomes Simbody constraints with the same rows: point → Ball;
// weld → Weld; revolute → Ball + two ConstantAngle (the B-side axis perpendicular to two
// A-side perpendiculars); universal → Ball + ConstantAngle (Axis ⟂ Axis2); prismatic →
// ConstantOrientation + PointOnLine; planar → PointInPlane + two ConstantAngle. A cut
// joint retained in SE(3) form is represented by the constraint of its eliminated form
// (its coordinates carry no inertia and no effort). A coupling row q_s − k·q_m − c
// becomes a CoordinateCoupler with a linear function. A helical cut, a free joint with
// armature, a universal joint whose axes are not perpendicular, a coupling on a retained
// cut joint, or a retained cut joint an actuator drives has no Simbody form here and is
// refused by an *UnsupportedError naming the record.
//
// # Coordinates
//
// Simbody's q and u per mobilizer relate to ours by: Pin, Slider, Screw, Universal:
// equal; Planar: (θ, x, y) for our (x, y, θ); Ball: the same quaternion, u = R·ω with R
// the joint rotation and ω our body angular velocity; Free: (quaternion, position) for
// our (position, quaternion) and u = (R·ω, R·v) for our body twist (ω, v). So u = T v
// with T block-orthogonal per joint (plus one row per rotor), and u̇ = T v̇ + c(q, v)
// with c = (0, R(ω×v)) for free joints. Masses and forces map back by Tᵀ: M_T = Tᵀ M T,
// h_T = Tᵀ (h + M c).
package simbody

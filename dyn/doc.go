// Package dyn is the rigid-body dynamics of a compiled model's spanning tree (section IV
// of the paper): forward kinematics, recursive Newton–Euler inverse dynamics (RNEA), the
// composite-rigid-body mass matrix (CRBA), the bias vector, energies and tree forward
// dynamics.
//
// Conventions. q and v are always the augmented vectors of the compiled model (len NQ,
// NV); only the tree part q_T = q[:NQT], v_T = v[:NVT] is read, and tree vectors
// (tau, a, h, rows/columns of M) have NVT entries in model coordinate order. Spatial
// vectors are angular-first: twists [ω; v] (rad/s, m/s), wrenches [n; f] (N·m, N). Body
// quantities are expressed in the body frame, about the body-frame origin. Velocities of
// spherical and free joints are body angular velocities / body twists.
//
// The tree equations of motion are
//
//	M_T(q) a + h_T(q, v) = tau + Σ_b J_bᵀ fext_b,
//
// where a = dv_T/dt, tau is the applied joint effort (N·m or N per tree velocity), J_b is
// the body Jacobian of body b (its body-frame twist is J_b v_T) and fext_b the external
// spatial force on body b in its own frame. M_T is the tree's mass matrix with each tree
// joint's armature added to its diagonal entries (cut joints carry no armature here: the
// tree model holds every physical inertia exactly once). Armature contributes
// Armature·a only, with no velocity products (as in MuJoCo), and ½·Armature·v² to the
// kinetic energy. h_T collects the Coriolis and
// centrifugal terms, gravity (Model.Gravity, ground frame) and viscous joint damping
// Damping·v for every tree velocity: the damping is a passive force on the right-hand
// side moved into h_T. Dry friction (Joint.Friction) is not modelled here.
//
// A Data workspace is allocated once per model by NewData; the evaluations write into it
// and allocate nothing. A Data is not safe for concurrent use; the Model is.
package dyn

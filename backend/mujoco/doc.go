// Package mujoco is a cgo binding to the MuJoCo 2.2.2 C library (Debian package
// libmujoco-dev, linked with -lmujoco). Everything except this file is compiled only
// with the build tag "mujoco" (go test -tags mujoco ./...); without the tag the package
// is empty, so a plain go build ./... never needs the library.
//
// # Model and Data
//
// As in MuJoCo itself, a *Model (mjModel) is loaded once and is read-only afterwards:
// it may be shared between goroutines, except that the few setters (SetTimestep,
// SetEnergyEnabled) must not race with evaluations. Every evaluation writes into a
// *Data (mjData) workspace created by Model.NewData; one Data belongs to one goroutine
// at a time. The per-step calls (SetQpos, SetQvel, SetCtrl, SetQfrcApplied,
// SetXfrcApplied, Forward, Step, FullM, Bias, QfrcPassive, Qpos, Qvel, Qacc, the
// Equality* readers, SitePos, BodyPose) do not allocate: results are written into
// caller-owned slices whose length is checked exactly. A wrong length is a programming
// error and panics before anything is written, with a message "mujoco: Func: len(x) =
// a; want b" (docs/conventions.md). Object indices out of range (a body, site, joint or
// equality id, which may come from a file) are returned as errors.
//
// Derived quantities (FullM, Bias, QfrcPassive, Qacc, equality rows, poses, twists,
// energy) are those of the last Forward. Step computes them for the state at the
// start of the step and then integrates, so after Step they describe the previous
// state; call Forward again to refresh them.
//
// # Lifetime
//
// Memory is owned by C. Call Close on every Data and Model when done; Close is the
// contract. A runtime cleanup (runtime.AddCleanup) is registered as a safety net and
// frees the C memory of a Model or Data that became unreachable without Close, but
// its timing is up to the garbage collector. A Model closed while Data created from
// it are still open stays alive until the last of them is closed. Methods on a closed
// Data return ErrClosed; queries on a closed Model return zero values or ErrClosed.
//
// # MuJoCo conventions this package exposes unchanged
//
//   - Free joint: qpos = [x y z qw qx qy qz] (position of the joint frame in world
//     coordinates, then the unit quaternion world<-body, scalar first); qvel =
//     [pdot (linear velocity of the joint origin, world axes); w (angular velocity,
//     BODY axes)]. MuJoCo integrates the position part as p += h*pdot and the
//     rotation as q <- q * exp(h*w/2) (right multiplication, i.e. body frame).
//   - Ball joint: qpos = [qw qx qy qz], qvel = angular velocity in the body (child)
//     frame, like the free joint's angular part.
//   - Hinge and slide joints: one coordinate each (rad or m).
//
// This library's own convention for floating bodies is the body twist [w_body; v_body]
// (angular first, v_body = R^T pdot). FreeVelToBodyTwist and BodyTwistToFreeVel
// convert between the two; Data.BodyTwist reads any body's twist from MuJoCo
// (mj_objectVelocity); Model.IntegratePos and Model.DifferentiatePos expose
// MuJoCo's own q ⊕ v and its inverse.
//
// Wrenches in this library are [n; f] (torque first). MuJoCo's xfrc_applied row of a
// body is [f; n] (force first) in WORLD axes, with the force acting at the body's
// centre of mass (mjData.xipos) and the torque n taken about that point.
// Data.SetXfrcApplied takes our order [n; f] (world axes, about the COM) and swaps.
//
// Dynamics follow MuJoCo's sign convention
//
//	M(q) qacc + qfrc_bias = qfrc_passive + qfrc_actuator + qfrc_applied + J^T xfrc + qfrc_constraint,
//
// where qfrc_bias (Data.Bias) contains gravity and Coriolis/centrifugal terms and
// qfrc_passive (Data.QfrcPassive) springs, dampers and fluid forces.
//
// # MuJoCo 2.2.2 specifics handled here
//
//   - The constraint Jacobian efc_J is dense (nefc x nv, row-major) or compressed
//     sparse rows (efc_J_rownnz/rowadr/colind) depending on mjOption.jacobian and nv
//     (mj_isSparse: "auto" means sparse from nv >= 60). EqualityJacobian handles both
//     and always returns dense rows.
//   - Constraint rows live in a fixed pool of njmax rows (MJCF <size njmax=.../>);
//     rows that do not fit are dropped with a warning. Data.ConstraintsTruncated
//     reports it.
//   - The virtual file system (mjVFS) keys files by their base name, lower-cased:
//     "meshes/Foo.STL" and "foo.stl" are the same file. LoadXMLString rejects asset
//     maps whose keys collide that way and empty assets (which 2.2.2 cannot store).
//     A mesh missing from the VFS is looked for on disk relative to the working
//     directory.
//   - mju_error would print, wait for Enter on stdin and exit(1); mju_warning would
//     print to stdout and append to MUJOCO_LOG.TXT in the working directory. At init
//     this package installs its own handlers (only where none are installed): a fatal
//     error is written to stderr followed by abort(), and warnings are recorded and
//     returned by LastWarning instead of being printed, so stdout stays clean for the
//     CLI's --json output. Inputs that would reach mju_error are rejected in Go first.
package mujoco

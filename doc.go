// Package robocompiler is the front door of the pipeline: it loads a robot's physical
// description, compiles it once into an immutable Model, and evaluates the compiled
// interfaces of a closed-chain mechanism into a caller-owned Data workspace, in the
// Model/Data split of Pinocchio and MuJoCo.
//
// The pipeline, one call per stage:
//
//	m, err := robocompiler.Load("excavator", robocompiler.Options{Partition: "joint_space"})
//	d := m.NewData()
//	err = d.Assemble("")            // feasible q from the default seed, partition, lift
//	err = d.SetState(u, nil)        // independent speeds u (len Mobility)
//	err = d.Forward(f, nil)         // the mj_forward of this project: u̇ in d.Udot
//
// The stages, in order; Forward runs the last three, and each is callable alone:
//
//	Constraints    closure residual ρ and Jacobian C at Q, lift E (Closure(), Lift());
//	               the tracker keeps them current, so Forward does not repeat them
//	Interfaces     v = E u (V), curvature c = Ė u (Curv), tree kinematics, port
//	               displacements and the port map L = J_ℓ E (Kin.Ell, Kin.L)
//	Dynamics       tree mass matrix M_T and bias h_T, reduced M_r = E_Tᵀ M_T E_T and
//	               h_r = E_Tᵀ (h_T + M_T c_T) (Reduced.MT, HT, Mr, Hr)
//	Accelerations  reduced effort τ_r = Lᵀ f (TauR), u̇ = M_r⁻¹ (τ_r − h_r) (Udot) and
//	               the augmented acceleration a = E u̇ + c (A)
//
// Inverse runs Interfaces and Dynamics and returns TauR = M_r u̇ + h_r for the Udot of
// SetState. Track moves the independent coordinates along the closure manifold
// (predictor and Newton corrector, with computational reconfiguration); Reset and
// SetFullState place the state at a given configuration. The tracker, the lift, the
// interfaces and the dynamics share one closure evaluation per configuration.
// Model.WithSupports builds a support mode (feet welded or in point contact) and
// SwitchModel moves the state into it with the impact projection of the velocity.
//
// Conventions: SI units; row-major matrices; vectors indexed by the model's coordinate
// order (Model.CoordinateNames). The front door checks every slice a caller passes and
// returns a *ShapeError for a wrong length; numerical failures are errors from the stage
// that failed (closure.AssemblyError, closure.SingularError, dyn.ErrReducedNotPositiveDefinite).
// The packages below it (compile, closure, kin, dyn) panic on shape errors, as gonum does.
package robocompiler

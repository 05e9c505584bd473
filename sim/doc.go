// Package sim runs rollouts of a compiled mechanism on its reduced dynamics (eq. 14 of the
// paper): the state is a feasible configuration q (len NQ) and the independent speeds u
// (len D) of the current partition, held in a front-door workspace (robocompiler.Data);
// each step evaluates the interfaces (Data.Interfaces), asks a Controller for port efforts
// f and external wrenches, solves M_r u̇ = Lᵀf − h_r (Data.Dynamics, Data.Accelerations),
// advances u, moves the independent coordinates by Δu with the predictor q ⊕ E Δu and
// corrects the dependent coordinates onto the closure manifold (Data.Track). The full velocity is
// never integrated: v = E(q) u is feasible by construction, and the closure gap stays at the
// corrector's tolerance instead of drifting.
//
// Integrators. SemiImplicitEuler updates u first and moves q with the new speed:
// u⁺ = u + Δt u̇(q, u), Δx = Δt u⁺. RK4 is the classical fourth-order scheme on the pair
// (x, u), where x are the independent coordinates: on the closure manifold they are a
// local chart (the corrector holds them and solves for the dependent ones), and in that
// chart ẋ = u exactly. The stage states are therefore feasible configurations: stage i
// sits at the chart point x_n + Δx_i, reached by moving the tracker incrementally from
// stage to stage (0 → Δx₂ → Δx₃ → Δx₄ → Δx_{n+1}), and every stage evaluates the reduced
// dynamics on the manifold, never at an infeasible off-step state. For scalar
// independent coordinates (revolute, prismatic) the incremental moves compose exactly; for
// Lie-group independent coordinates the increments compose by ⊕, which is the chart's
// own composition to first order. A computational reconfiguration (the tracker choosing
// new independent coordinates) inside an RK4 step invalidates the chart: the step is
// restarted from its initial state as an RK4 step in the new partition (and, should that
// reconfigure again, as one semi-implicit Euler step).
//
// Reconfiguration. When the partition's dependent block becomes ill-conditioned (the
// tracker's TrackerOptions.RCondTol; a rollout through a fold of its independent
// coordinates, such as a four-bar's rocker at dead centre, needs it raised to about
// 1e-2 so that the switch happens a few steps before the fold) the tracker chooses new
// independent coordinates. After a reconfiguration u is re-expressed in them from the
// physical velocity v = E u (the independent rows of E are the identity, so
// u_new = v[Independent_new]); the physical motion is unchanged, and so is the meaning
// of the controller's port efforts. Each switch is logged as an Event (time, old and new
// independent coordinates). With Options.Reconfigure = ReconfigureOff a change of the
// independent coordinates stops the rollout with a *SingularPartitionError instead.
//
// Drives and friction. A port with a drive (compile.PortDynamics) turns the controller's
// command c into the effort f through its states z, ż = f_z(z, c), f = f_f(z): a
// first-order lag or a second-order servo, the command saturated at the effort limits;
// the states are integrated with the mechanical state by the same scheme (RK4 stages
// included). Port damping and Coulomb friction add −b ℓ̇ − F tanh(ℓ̇/v_s) to the port
// efforts, joint Coulomb friction −F tanh(v/v_s) to the tree forces (joint viscous
// damping is in the tree dynamics); friction on a cut joint is refused by New.
//
// Support modes. A ModeSchedule, consulted at the start of every step, names the active
// Mode (a model with the same coordinates, e.g. from robocompiler.Model.WithSupports,
// and its partition request). On a switch the closure is re-assembled in the new mode and
// the speeds are projected as by an ideal inelastic impact: u' = M_r'⁻¹ E_T'ᵀ M_T v_T,
// the kinetic-energy-metric projection of the old velocity onto the new mode's feasible
// velocities.
//
// Energy. Every logged row carries the kinetic and potential energy and the running
// work of the drives' port efforts and the external wrenches and the energy dissipated
// by joint and port damping and friction, accumulated with the integrator's own
// quadrature weights, so that (kinetic + potential) − work + dissipated stays constant
// up to the integration error: input work = kinetic + potential change + dissipated.
//
// A Sim allocates its workspaces in New; a step allocates nothing after warm-up unless a
// reconfiguration, re-acquisition or mode switch happens (those are events, reported in
// Stats).
package sim

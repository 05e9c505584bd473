/*
 * robocompiler.h — the C interface of RoboCompiler.
 *
 * RoboCompiler compiles robots with kinematic loops (closed chains) into their closure
 * residual, the lift E from independent speeds to all speeds, the curvature, the port map
 * and the reduced dynamics M_r, h_r. This header is the whole C interface of the shared
 * library librobocompiler.so (go build -buildmode=c-shared ./capi) or the static archive
 * librobocompiler.a (-buildmode=c-archive). Link with -lrobocompiler -lpthread.
 *
 * Model and workspace (as mjModel/mjData in MuJoCo, Model/Data in Pinocchio):
 *   rc_model  a compiled mechanism, read-only after rc_load_*: share it between threads.
 *   rc_data   a workspace holding one state of one model: give every thread its own.
 * Both are opaque; create and free them in pairs (rc_load_* / rc_free_model,
 * rc_data_new / rc_free_data). Free every rc_data of a model before the model.
 *
 * Typical use:
 *   rc_model *m; char err[512];
 *   if (rc_load_file("stewart", "lengths", &m, err, sizeof err)) { puts(err); ... }
 *   rc_data *d; rc_data_new(m, &d);
 *   rc_assemble(d, NULL);                       // default seed, at rest
 *   int D = rc_mobility(d);
 *   double udot[D];
 *   rc_forward(d, NULL, 0, NULL, 0, udot, D);   // free fall under gravity
 *   rc_free_data(d); rc_free_model(m);
 *
 * Conventions:
 *   - SI units; spatial vectors angular first ([w; v], wrench [n; f]).
 *   - Matrices are dense, row-major, and every array comes with its length in doubles
 *     (or ints), which must equal the documented size exactly; otherwise the call
 *     returns RC_ERR_USAGE and writes nothing.
 *   - Sizes: nq configuration coordinates (quaternions take 4), nv velocity coordinates
 *     (the tree's nvt first, then the retained cut-joint coordinates), rows closure
 *     residual rows, D = rc_mobility(d) independent speeds (known after rc_assemble; it
 *     can change only on rc_set_full_state/rc_assemble), nports actuator ports,
 *     nbodies bodies (node 0 is the ground, body i is node i+1).
 *   - Velocity vectors are indexed as rc_name(m, RC_NAME_COORDINATE, i, ...) labels them.
 *   - External forces fext: NULL for none, or (nbodies+1) x 6 doubles, one body-frame
 *     wrench [n; f] about the body origin per node (row 0, the ground, is ignored);
 *     rc_world_wrench converts a world-frame wrench.
 *   - Every output goes into caller-owned arrays; after rc_assemble the library
 *     allocates nothing per call (task Jacobians allocate once per site name and
 *     workspace). No pointer into library memory is kept by the caller except the
 *     strings returned by rc_last_error, valid until the next call on that workspace.
 *
 * Errors: every function returning int returns RC_OK (0) or an error code. The message
 * (naming the file, record and field, as the command-line tool prints it) is read with
 *   - errbuf, for rc_load_file and rc_load_string (the model does not exist yet);
 *   - rc_model_error, for functions taking only a model (rc_name, rc_joint_frames,
 *     rc_data_new, rc_task_dim): the model's last message, shared by every thread using
 *     the model — query it from one thread or prefer the workspace calls;
 *   - rc_last_error, for functions taking a workspace: the message of the last call on
 *     that workspace ("" after a success).
 * A Go panic never crosses into C: an unexpected failure is RC_ERR_INTERNAL with the
 * panic's message, and the workspace keeps working (re-assemble it to be sure).
 */
#ifndef ROBOCOMPILER_H
#define ROBOCOMPILER_H

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes (the command-line tool's exit statuses, plus RC_ERR_INTERNAL). */
#define RC_OK 0            /* success */
#define RC_ERR_INVALID 1   /* the model or the input is invalid (file, record, field named) */
#define RC_ERR_USAGE 2     /* a bad argument: NULL, wrong array size, unknown name kind, no state yet */
#define RC_ERR_NUMERICAL 3 /* a numerical failure: assembly did not converge, singular partition, rank change */
#define RC_ERR_INTERNAL 70 /* a bug in the library (a recovered panic); please report the message */

/* Length of the message buffer kept in every workspace (bytes, with the final NUL). */
#define RC_ERRLEN 1024

/* Kinds of names for rc_name. */
#define RC_NAME_COORDINATE 0 /* velocity coordinates, nv: joint id, or "id[k]" for multi-DoF joints */
#define RC_NAME_PORT 1       /* actuator ports, nports: actuator record ids */
#define RC_NAME_SITE 2       /* sites, nsites: site record ids */
#define RC_NAME_BODY 3       /* bodies, nbodies: body record ids (body i is node i+1) */

typedef struct rc_model rc_model; /* opaque compiled model (shared, read-only) */
typedef struct rc_data rc_data;   /* opaque per-thread workspace */

/* The library's own build (capi/export.go) defines ROBOCOMPILER_BUILDING_LIBRARY: cgo
 * declares the exported functions itself, without const. */
#ifndef ROBOCOMPILER_BUILDING_LIBRARY

/* ---- Loading -------------------------------------------------------------------- */

/* Loads and compiles MODEL: a CMG .json file, an MJCF .xml file, a .urdf file, or the
 * name of a built-in model ("stewart", "excavator", "fourbar", ...). partition names a
 * partition request of the model (e.g. "lengths", "joint_space"); NULL or "" lets the
 * rank-revealing partition choose. On success *out is a new model (free it with
 * rc_free_model); on failure *out is NULL and errbuf (of errlen bytes, may be NULL)
 * holds the message, truncated to fit. RC_ERR_INVALID for a bad model or partition,
 * RC_ERR_USAGE for a NULL path or out. */
int rc_load_file(const char *path, const char *partition, rc_model **out, char *errbuf, int errlen);

/* Loads a model from its text: format is "cmg" (CMG JSON), "mjcf" or "urdf". An MJCF
 * text that includes meshes or other files by relative path resolves them against the
 * current directory. Otherwise as rc_load_file. */
int rc_load_string(const char *text, const char *format, const char *partition, rc_model **out,
                   char *errbuf, int errlen);

/* Frees a model (NULL is ignored). */
void rc_free_model(rc_model *m);

/* Copies the model's last error message into buf (buflen bytes, truncated, NUL
 * terminated). Returns RC_OK, or RC_ERR_USAGE for a NULL model or buffer. */
int rc_model_error(const rc_model *m, char *buf, int buflen);

/* ---- Sizes and names (model) ----------------------------------------------------- */

/* Sizes of the model; each returns -1 for a NULL model. */
int rc_nq(const rc_model *m);      /* configuration coordinates */
int rc_nv(const rc_model *m);      /* velocity coordinates */
int rc_nvt(const rc_model *m);     /* tree velocity coordinates (the first nvt of nv) */
int rc_nrows(const rc_model *m);   /* closure residual rows */
int rc_nports(const rc_model *m);  /* actuator ports */
int rc_nsites(const rc_model *m);  /* sites */
int rc_nbodies(const rc_model *m); /* bodies (the ground excluded) */

/* Copies the name of item index of the given kind (RC_NAME_*) into buf (buflen bytes,
 * NUL terminated). RC_ERR_USAGE for a bad kind or index or a buffer too short (the
 * message says the length needed). */
int rc_name(const rc_model *m, int kind, int index, char *buf, int buflen);

/* Writes the placement frames of the named joint: A (the joint frame in its first body
 * BodyA) and B (in its second body BodyB), each 12 doubles: a row-major 3x3 rotation
 * then the translation (m). RC_ERR_INVALID for an unknown joint. */
int rc_joint_frames(const rc_model *m, const char *joint, double *A, int nA, double *B, int nB);

/* Returns the dimension of the task on a site or body: 3 for a point site, 6 for a frame
 * site or a body; -1 (message in rc_model_error) for an unknown name. */
int rc_task_dim(const rc_model *m, const char *site);

/* ---- Workspaces ------------------------------------------------------------------- */

/* Allocates a workspace for m into *out. It holds no state until rc_assemble. */
int rc_data_new(const rc_model *m, rc_data **out);

/* Frees a workspace (NULL is ignored). */
void rc_free_data(rc_data *d);

/* The message of the last call on d ("" after a success); valid until the next call on
 * d. For a NULL d, a static message saying so. */
const char *rc_last_error(const rc_data *d);

/* Number of independent speeds D at the current state; -1 before rc_assemble or for NULL. */
int rc_mobility(const rc_data *d);

/* Writes the velocity indices of the independent coordinates (n = D ints); the lift's
 * rows at these indices are the identity. */
int rc_independent(rc_data *d, int *idx, int n);

/* ---- State -------------------------------------------------------------------------- */

/* Assembles a feasible configuration from the model's named seed (NULL or "" for the
 * default), holding the requested independent coordinates at their seed values; the
 * speeds are set to rest. RC_ERR_INVALID for an unknown seed, RC_ERR_NUMERICAL when
 * the continuation does not converge (the message says how far it got). */
int rc_assemble(rc_data *d, const char *seed);

/* Sets the independent speeds u (nu = D) and, unless udot is NULL, their accelerations
 * (nudot = D; used by rc_inverse). Non-finite values are RC_ERR_INVALID. */
int rc_set_state(rc_data *d, const double *u, int nu, const double *udot, int nudot);

/* Sets the configuration q (nq) and velocity v (nv), which must satisfy the closure: q is
 * corrected with the independent coordinates held and refused (RC_ERR_INVALID) when a
 * coordinate moves by more than 1e-9 relative; v is refused when E u does not reproduce
 * it. On failure the state is unchanged. */
int rc_set_full_state(rc_data *d, const double *q, int nq, const double *v, int nv);

/* Copies the current configuration (nq doubles; NULL to skip) and independent speeds
 * (nu = D; NULL to skip). */
int rc_get_state(rc_data *d, double *q, int nq, double *u, int nu);

/* One tracking step: moves the independent coordinates by du (n = D) along the closure
 * (prediction with E, Newton correction, reconfiguration of the partition when its
 * dependent block becomes ill-conditioned; after one, the speeds are re-expressed in the
 * new independent coordinates; D does not change). Writes the new configuration into
 * q (nq; NULL to skip). A rank change (mechanism event) is RC_ERR_NUMERICAL and leaves
 * the state unchanged. */
int rc_track(rc_data *d, const double *du, int n, double *q, int nq);

/* ---- Constraints (at the current configuration) ------------------------------------ */

/* Closure residual rho (nrho = rows; NULL to skip) and its Jacobian C (nC = rows*nv,
 * row-major; NULL to skip). */
int rc_closure(rc_data *d, double *rho, int nrho, double *C, int nC);

/* The lift E (n = nv*D, row-major nv x D): v = E u for every feasible velocity. */
int rc_lift(rc_data *d, double *E, int n);

/* ---- Interfaces (at the current state q, u) ----------------------------------------- */

/* The feasible velocity v = E u (nv; NULL to skip) and the curvature c = Edot u (nv;
 * NULL to skip): the acceleration of all coordinates when udot = 0. */
int rc_velocity(rc_data *d, double *v, int nv, double *c, int nc);

/* Port displacements ell (nell = nports; NULL to skip) and the port map L = J_ell E
 * (nL = nports*D, row-major; NULL to skip): ell_dot = L u, and the port efforts f act
 * on the independent coordinates as tau_r = L^T f. */
int rc_port_map(rc_data *d, double *ell, int nell, double *L, int nL);

/* Pose of a site or body at the current configuration: 12 doubles, the row-major 3x3
 * rotation (frame axes in world) then the position (m). */
int rc_frame_pose(rc_data *d, const char *name, double *pose, int n);

/* The task on a site or body (dim = rc_task_dim: 3 for a point site, its world position;
 * 6 for a frame site or a body, the SE(3) log chart [rad; m] about the identity): its
 * value x (dim; NULL to skip), its Jacobian J = J_x E (nJ = dim*D, row-major; NULL to
 * skip) and the acceleration bias jdotu = Jdot u = J_x c + Jdot_x v (ndu = dim; NULL to
 * skip), so that xddot = J udot + jdotu.
 * Method: the bias is the task acceleration at udot = 0, from the tree kinematics with
 * the augmented acceleration a = c (exact, no differences) for a point; for a frame it
 * adds, to the frame's body acceleration mapped by J_r^-1(x), the rate of J_r^-1(x) along
 * xdot by a central difference of step 1e-5/|xdot| in x (relative error about 1e-10). */
int rc_task(rc_data *d, const char *site, double *x, int nx, double *J, int nJ, double *jdotu, int ndu);

/* Adds the world-frame wrench w = [n; f] (6 doubles: moment about the application point,
 * force) applied at point (3 doubles, body-frame coordinates, m) of the named body to
 * fext ((nbodies+1)*6 doubles, body frames as rc_forward takes them), using the pose at
 * the current configuration. */
int rc_world_wrench(rc_data *d, const char *body, const double *point, const double *w, double *fext, int nfext);

/* ---- Dynamics (at the current state q, u) -------------------------------------------- */

/* Tree mass matrix M_T (nM = nvt*nvt; NULL to skip) and bias h_T (nh = nvt; NULL to
 * skip) with the external forces fext (NULL or (nbodies+1)*6): M_T vdot_T + h_T = tau_T. */
int rc_tree_dynamics(rc_data *d, const double *fext, int nfext, double *M, int nM, double *h, int nh);

/* Reduced dynamics M_r = E_T^T M_T E_T (nM = D*D; NULL to skip) and h_r = E_T^T (h_T +
 * M_T c_T) (nh = D; NULL to skip) with fext: M_r udot + h_r = tau_r. */
int rc_reduced_dynamics(rc_data *d, const double *fext, int nfext, double *Mr, int nM, double *hr, int nh);

/* Reduced forward dynamics: udot = M_r^-1 (L^T f - h_r) for the port efforts f (nf =
 * nports; NULL for none) and external forces fext (NULL or (nbodies+1)*6), written into
 * udot (n = D). RC_ERR_NUMERICAL when M_r is not positive definite. */
int rc_forward(rc_data *d, const double *f, int nf, const double *fext, int nfext, double *udot, int n);

/* Reduced inverse dynamics: the reduced effort tau_r = M_r udot + h_r (n = D) that
 * produces the udot of the last rc_set_state, with fext (NULL or (nbodies+1)*6). */
int rc_inverse(rc_data *d, const double *fext, int nfext, double *taur, int n);

/* ---- Derivatives of the reduced dynamics (at the current state q, u) ------------------ */

/* Partial derivatives of the reduced forward dynamics udot = FD(q_I, u, f) for the port
 * efforts f (nf = nports; NULL for none) and fext (NULL or (nbodies+1)*6), in Pinocchio's
 * convention (ddq_dq, ddq_dv, ddq_dtau): dudot_dq (ndq = D*D) with q_I the independent
 * coordinates moved along the closure (the parametrisation of rc_track), dudot_du (ndu =
 * D*D) and dudot_df (ndf = D*nports), row-major. Analytic (exact to round-off) on models
 * of revolute, prismatic, helical, spherical and free joints with joint ports; otherwise
 * the q_I partials are Richardson-extrapolated central differences along the closure.
 * RC_ERR_NUMERICAL when M_r is not positive definite or the partition would reconfigure
 * within a difference step; RC_ERR_USAGE for a model in the loop form (closure rows and
 * more than 200 velocities), which keeps no dense M_r for them. */
int rc_forward_derivatives(rc_data *d, const double *f, int nf, const double *fext, int nfext,
                           double *dudot_dq, int ndq, double *dudot_du, int ndu, double *dudot_df, int ndf);

/* Partial derivatives of the reduced inverse dynamics f = ID(q_I, u, udot) at the udot of
 * the last rc_set_state, for an exactly actuated model (nports = D; otherwise
 * RC_ERR_INVALID): the efforts f (nf = D; NULL to skip), df_dq, df_du and df_dudot (D*D
 * each, row-major). RC_ERR_NUMERICAL when the port map is singular; RC_ERR_USAGE in the
 * loop form (as rc_forward_derivatives). */
int rc_inverse_derivatives(rc_data *d, const double *fext, int nfext, double *f, int nf,
                           double *df_dq, int ndq, double *df_du, int ndu, double *df_dudot, int nudot);

#endif /* ROBOCOMPILER_BUILDING_LIBRARY */

#ifdef __cplusplus
}
#endif

#endif /* ROBOCOMPILER_H */

// C interface of the Simbody shim (shim.cpp); see the package documentation.
#ifndef RC_SIMBODY_SHIM_H
#define RC_SIMBODY_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct rc_sb rc_sb;

// Mobilizer kinds (Kind* in mobilizer.go).
enum { RC_WELD, RC_PIN, RC_SLIDER, RC_SCREW, RC_UNIVERSAL, RC_BALL, RC_PLANAR, RC_FREE };
// Constraint kinds (Con* in constraint.go).
enum { RC_C_BALL, RC_C_WELD, RC_C_ANGLE, RC_C_ORIENT, RC_C_LINE, RC_C_PLANE, RC_C_QLINEAR, RC_C_ULINEAR };

rc_sb* rc_sb_new(const double* gravity);
void rc_sb_free(rc_sb* s);
const char* rc_sb_error(rc_sb* s);
int rc_sb_add_body(rc_sb* s, int parent, int kind, int reverse, const double* xpf, const double* xbm,
                   double mass, const double* com, const double* inertia, double pitch);
int rc_sb_add_damper(rc_sb* s, int mobod, int u, double c);
int rc_sb_add_constraint(rc_sb* s, int kind, int a, int b, const double* p, int n, const int* mobods, const int* coords);
int rc_sb_add_go_force(rc_sb* s, uintptr_t handle);
int rc_sb_realize_topology(rc_sb* s, int* nq, int* nu, int* nmult, int* nbodies);
void rc_sb_layout(rc_sb* s, int mobod, int* q0, int* nq, int* u0, int* nu);
int rc_sb_set_state(rc_sb* s, double t, const double* q, const double* u);
int rc_sb_get_state(rc_sb* s, double* t, double* q, double* u);
int rc_sb_set_forces(rc_sb* s, const double* mobility, const double* bodies);
int rc_sb_mass_matrix(rc_sb* s, double* M);
int rc_sb_bias(rc_sb* s, double* h);
int rc_sb_accelerations(rc_sb* s, double* udot, double* mult, int* nmult);
int rc_sb_errors(rc_sb* s, double* qerr, double* uerr);
int rc_sb_energy(rc_sb* s, double* kinetic, double* potential);
int rc_sb_step(rc_sb* s, double dt, double accuracy, double ctol);

#ifdef __cplusplus
}
#endif
#endif

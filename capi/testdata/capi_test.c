/* capi_test.c — the C library's boundary test, built and run by capi_test.go:
 *   1. every header function called with bad arguments (NULL handles, NULL arrays, wrong
 *      sizes, unknown names, calls before assembly, non-finite values) returns the
 *      documented error code and a message, never crashes;
 *   2. two threads with two workspaces on one model give bit-identical results to one
 *      workspace on the main thread.
 * Prints "capi_test: N checks passed" and exits 0, or names the failed checks and exits 1. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "robocompiler.h"

static int checks, failures;

#define EXPECT(call, want)                                                                   \
	do {                                                                                     \
		int got_ = (call);                                                                   \
		checks++;                                                                            \
		if (got_ != (want)) {                                                                \
			failures++;                                                                      \
			fprintf(stderr, "FAIL line %d: %s = %d, want %d\n", __LINE__, #call, got_, want); \
		}                                                                                    \
	} while (0)

/* EXPECT_MSG also checks that the workspace's message is not empty (for errors) and
 * mentions the given text. */
#define EXPECT_MSG(d, call, want, text)                                                       \
	do {                                                                                      \
		EXPECT(call, want);                                                                   \
		checks++;                                                                             \
		if (strstr(rc_last_error(d), text) == NULL) {                                         \
			failures++;                                                                       \
			fprintf(stderr, "FAIL line %d: message \"%s\" lacks %s\n", __LINE__, rc_last_error(d), text); \
		}                                                                                     \
	} while (0)

static void bad_arguments(void) {
	char err[RC_ERRLEN];
	rc_model *m = (rc_model *)1;

	/* Loading. */
	EXPECT(rc_load_file(NULL, NULL, &m, err, sizeof err), RC_ERR_USAGE);
	EXPECT(m == NULL, 1);
	EXPECT(rc_load_file("stewart", NULL, NULL, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_load_file("/nonexistent/model.json", NULL, &m, err, sizeof err), RC_ERR_INVALID);
	EXPECT(strstr(err, "/nonexistent/model.json") != NULL, 1);
	EXPECT(rc_load_file("stewart", "no_such_partition", &m, err, sizeof err), RC_ERR_INVALID);
	EXPECT(strstr(err, "no_such_partition") != NULL, 1);
	EXPECT(rc_load_file("stewart", NULL, &m, NULL, 0), RC_OK); /* NULL errbuf is allowed */
	rc_free_model(m);
	EXPECT(rc_load_string(NULL, "cmg", NULL, &m, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_load_string("{}", NULL, NULL, &m, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_load_string("{}", "sdf", NULL, &m, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_load_string("{\"bodies\": [", "cmg", NULL, &m, err, sizeof err), RC_ERR_INVALID);
	EXPECT(strstr(err, "<string>") != NULL, 1);
	EXPECT(rc_load_string("<mujoco><worldbody><body", "mjcf", NULL, &m, err, sizeof err), RC_ERR_INVALID);
	EXPECT(rc_load_string("<robot>", "urdf", NULL, &m, err, 4), RC_ERR_INVALID); /* truncated message */
	EXPECT((int)strlen(err) <= 3, 1);
	EXPECT(rc_load_string("<robot name=\"r\"><link name=\"a\"/></robot>", "urdf", NULL, &m, err, sizeof err), RC_OK);
	rc_free_model(m);
	rc_free_model(NULL);

	/* Model queries. */
	EXPECT(rc_nq(NULL), -1);
	EXPECT(rc_nv(NULL), -1);
	EXPECT(rc_nvt(NULL), -1);
	EXPECT(rc_nrows(NULL), -1);
	EXPECT(rc_nports(NULL), -1);
	EXPECT(rc_nsites(NULL), -1);
	EXPECT(rc_nbodies(NULL), -1);
	EXPECT(rc_model_error(NULL, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_name(NULL, RC_NAME_PORT, 0, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_joint_frames(NULL, "x", NULL, 0, NULL, 0), RC_ERR_USAGE);
	EXPECT(rc_task_dim(NULL, "x"), -1);
	rc_data *d = (rc_data *)1;
	EXPECT(rc_data_new(NULL, &d), RC_ERR_USAGE);

	EXPECT(rc_load_file("stewart", "lengths", &m, err, sizeof err), RC_OK);
	int nq = rc_nq(m), nv = rc_nv(m), rows = rc_nrows(m), nf = rc_nports(m), nb = rc_nbodies(m);
	EXPECT(rc_model_error(m, NULL, 10), RC_ERR_USAGE);
	EXPECT(rc_name(m, 9, 0, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_name(m, RC_NAME_PORT, nf, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_name(m, RC_NAME_PORT, -1, err, sizeof err), RC_ERR_USAGE);
	EXPECT(rc_name(m, RC_NAME_PORT, 0, err, 2), RC_ERR_USAGE);
	EXPECT(rc_name(m, RC_NAME_PORT, 0, NULL, 100), RC_ERR_USAGE);
	rc_model_error(m, err, sizeof err);
	EXPECT(strstr(err, "buffer") != NULL, 1);
	EXPECT(rc_name(m, RC_NAME_SITE, 0, err, sizeof err), RC_OK);
	EXPECT(strcmp(err, "platform_center"), 0);
	double A[12], B[12];
	EXPECT(rc_joint_frames(m, NULL, A, 12, B, 12), RC_ERR_USAGE);
	EXPECT(rc_joint_frames(m, "leg_0_ball", A, 11, B, 12), RC_ERR_USAGE);
	EXPECT(rc_joint_frames(m, "leg_0_ball", A, 12, NULL, 12), RC_ERR_USAGE);
	EXPECT(rc_joint_frames(m, "no_joint", A, 12, B, 12), RC_ERR_INVALID);
	EXPECT(rc_joint_frames(m, "leg_0_ball", A, 12, B, 12), RC_OK);
	EXPECT(rc_task_dim(m, NULL), -1);
	EXPECT(rc_task_dim(m, "no_site"), -1);
	EXPECT(rc_task_dim(m, "platform_center"), 6);
	EXPECT(rc_data_new(m, NULL), RC_ERR_USAGE);

	/* Workspace calls with a NULL workspace. */
	double buf[4096];
	int ibuf[64];
	EXPECT(strlen(rc_last_error(NULL)) > 0, 1);
	EXPECT(rc_mobility(NULL), -1);
	EXPECT(rc_independent(NULL, ibuf, 6), RC_ERR_USAGE);
	EXPECT(rc_assemble(NULL, NULL), RC_ERR_USAGE);
	EXPECT(rc_set_state(NULL, buf, 6, NULL, 0), RC_ERR_USAGE);
	EXPECT(rc_set_full_state(NULL, buf, nq, buf, nv), RC_ERR_USAGE);
	EXPECT(rc_get_state(NULL, buf, nq, NULL, 0), RC_ERR_USAGE);
	EXPECT(rc_track(NULL, buf, 6, NULL, 0), RC_ERR_USAGE);
	EXPECT(rc_closure(NULL, buf, rows, NULL, 0), RC_ERR_USAGE);
	EXPECT(rc_lift(NULL, buf, nv * 6), RC_ERR_USAGE);
	EXPECT(rc_velocity(NULL, buf, nv, NULL, 0), RC_ERR_USAGE);
	EXPECT(rc_port_map(NULL, buf, nf, NULL, 0), RC_ERR_USAGE);
	EXPECT(rc_frame_pose(NULL, "platform", buf, 12), RC_ERR_USAGE);
	EXPECT(rc_task(NULL, "platform_center", buf, 6, NULL, 0, NULL, 0), RC_ERR_USAGE);
	EXPECT(rc_world_wrench(NULL, "platform", buf, buf, buf, 6 * (nb + 1)), RC_ERR_USAGE);
	EXPECT(rc_tree_dynamics(NULL, NULL, 0, NULL, 0, buf, rc_nvt(m)), RC_ERR_USAGE);
	EXPECT(rc_reduced_dynamics(NULL, NULL, 0, NULL, 0, buf, 6), RC_ERR_USAGE);
	EXPECT(rc_forward(NULL, NULL, 0, NULL, 0, buf, 6), RC_ERR_USAGE);
	EXPECT(rc_inverse(NULL, NULL, 0, buf, 6), RC_ERR_USAGE);
	rc_free_data(NULL);

	/* Before assembly: a usage error naming rc_assemble. */
	EXPECT(rc_data_new(m, &d), RC_OK);
	EXPECT(rc_mobility(d), -1);
	EXPECT_MSG(d, rc_forward(d, NULL, 0, NULL, 0, buf, 6), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_independent(d, ibuf, 6), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_set_state(d, buf, 6, NULL, 0), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_set_full_state(d, buf, nq, buf, nv), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_get_state(d, buf, nq, NULL, 0), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_track(d, buf, 6, NULL, 0), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_closure(d, buf, rows, NULL, 0), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_lift(d, buf, nv * 6), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_velocity(d, buf, nv, NULL, 0), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_port_map(d, buf, nf, NULL, 0), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_frame_pose(d, "platform", buf, 12), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_task(d, "platform_center", buf, 6, NULL, 0, NULL, 0), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_tree_dynamics(d, NULL, 0, NULL, 0, buf, rc_nvt(m)), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_reduced_dynamics(d, NULL, 0, NULL, 0, buf, 6), RC_ERR_USAGE, "rc_assemble");
	EXPECT_MSG(d, rc_inverse(d, NULL, 0, buf, 6), RC_ERR_USAGE, "rc_assemble");

	EXPECT_MSG(d, rc_assemble(d, "no_such_seed"), RC_ERR_INVALID, "no_such_seed");
	EXPECT_MSG(d, rc_assemble(d, NULL), RC_OK, "");
	int D = rc_mobility(d);
	EXPECT(D, 6);

	/* Wrong sizes and NULL required arrays. */
	EXPECT_MSG(d, rc_independent(d, NULL, D), RC_ERR_USAGE, "NULL");
	EXPECT_MSG(d, rc_independent(d, ibuf, D + 1), RC_ERR_USAGE, "want 6");
	EXPECT_MSG(d, rc_set_state(d, NULL, D, NULL, 0), RC_ERR_USAGE, "NULL");
	EXPECT_MSG(d, rc_set_state(d, buf, D - 1, NULL, 0), RC_ERR_USAGE, "want 6");
	EXPECT_MSG(d, rc_set_state(d, buf, -3, NULL, 0), RC_ERR_USAGE, "want 6");
	EXPECT_MSG(d, rc_set_state(d, buf, D, buf, 2), RC_ERR_USAGE, "udot");
	EXPECT_MSG(d, rc_set_full_state(d, buf, nq - 1, buf, nv), RC_ERR_USAGE, "q has");
	EXPECT_MSG(d, rc_set_full_state(d, buf, nq, NULL, nv), RC_ERR_USAGE, "v is NULL");
	EXPECT_MSG(d, rc_get_state(d, buf, nq + 1, NULL, 0), RC_ERR_USAGE, "want");
	EXPECT_MSG(d, rc_get_state(d, NULL, 0, buf, 1), RC_ERR_USAGE, "want");
	EXPECT_MSG(d, rc_track(d, buf, 1, NULL, 0), RC_ERR_USAGE, "du");
	EXPECT_MSG(d, rc_track(d, NULL, D, NULL, 0), RC_ERR_USAGE, "du");
	EXPECT_MSG(d, rc_closure(d, buf, rows + 1, NULL, 0), RC_ERR_USAGE, "rho");
	EXPECT_MSG(d, rc_closure(d, NULL, 0, buf, rows), RC_ERR_USAGE, "C has");
	EXPECT_MSG(d, rc_lift(d, buf, nv), RC_ERR_USAGE, "E has");
	EXPECT_MSG(d, rc_lift(d, NULL, nv * D), RC_ERR_USAGE, "E is NULL");
	EXPECT_MSG(d, rc_velocity(d, buf, nv - 1, NULL, 0), RC_ERR_USAGE, "v has");
	EXPECT_MSG(d, rc_velocity(d, NULL, 0, buf, 1), RC_ERR_USAGE, "c has");
	EXPECT_MSG(d, rc_port_map(d, buf, nf + 1, NULL, 0), RC_ERR_USAGE, "ell");
	EXPECT_MSG(d, rc_port_map(d, NULL, 0, buf, nf), RC_ERR_USAGE, "L has");
	EXPECT_MSG(d, rc_frame_pose(d, NULL, buf, 12), RC_ERR_USAGE, "NULL");
	EXPECT_MSG(d, rc_frame_pose(d, "platform", buf, 9), RC_ERR_USAGE, "pose");
	EXPECT_MSG(d, rc_frame_pose(d, "nothing", buf, 12), RC_ERR_INVALID, "nothing");
	EXPECT_MSG(d, rc_task(d, NULL, buf, 6, NULL, 0, NULL, 0), RC_ERR_USAGE, "NULL");
	EXPECT_MSG(d, rc_task(d, "nothing", buf, 6, NULL, 0, NULL, 0), RC_ERR_INVALID, "nothing");
	EXPECT_MSG(d, rc_task(d, "platform_center", buf, 3, NULL, 0, NULL, 0), RC_ERR_USAGE, "x has");
	EXPECT_MSG(d, rc_task(d, "platform_center", NULL, 0, buf, 6, NULL, 0), RC_ERR_USAGE, "J has");
	EXPECT_MSG(d, rc_task(d, "platform_center", NULL, 0, NULL, 0, buf, 7), RC_ERR_USAGE, "jdotu");
	EXPECT_MSG(d, rc_world_wrench(d, NULL, buf, buf, buf, 6 * (nb + 1)), RC_ERR_USAGE, "NULL");
	EXPECT_MSG(d, rc_world_wrench(d, "platform", NULL, buf, buf, 6 * (nb + 1)), RC_ERR_USAGE, "point");
	EXPECT_MSG(d, rc_world_wrench(d, "platform", buf, buf, buf, 6 * nb), RC_ERR_USAGE, "fext");
	EXPECT_MSG(d, rc_world_wrench(d, "platform", buf, buf, NULL, 0), RC_ERR_USAGE, "fext");
	EXPECT_MSG(d, rc_world_wrench(d, "nobody", buf, buf, buf, 6 * (nb + 1)), RC_ERR_INVALID, "nobody");
	EXPECT_MSG(d, rc_tree_dynamics(d, buf, 6, NULL, 0, NULL, 0), RC_ERR_USAGE, "fext");
	EXPECT_MSG(d, rc_tree_dynamics(d, NULL, 0, buf, 3, NULL, 0), RC_ERR_USAGE, "M has");
	EXPECT_MSG(d, rc_tree_dynamics(d, NULL, 0, NULL, 0, buf, 3), RC_ERR_USAGE, "h has");
	EXPECT_MSG(d, rc_reduced_dynamics(d, buf, 6, NULL, 0, NULL, 0), RC_ERR_USAGE, "fext");
	EXPECT_MSG(d, rc_reduced_dynamics(d, NULL, 0, buf, D, NULL, 0), RC_ERR_USAGE, "Mr has");
	EXPECT_MSG(d, rc_reduced_dynamics(d, NULL, 0, NULL, 0, buf, D + 1), RC_ERR_USAGE, "hr has");
	EXPECT_MSG(d, rc_forward(d, buf, nf - 1, NULL, 0, buf + 100, D), RC_ERR_USAGE, "f has");
	EXPECT_MSG(d, rc_forward(d, NULL, 0, buf, 1, buf + 100, D), RC_ERR_USAGE, "fext");
	EXPECT_MSG(d, rc_forward(d, NULL, 0, NULL, 0, NULL, D), RC_ERR_USAGE, "udot is NULL");
	EXPECT_MSG(d, rc_forward(d, NULL, 0, NULL, 0, buf, D + 1), RC_ERR_USAGE, "udot has");
	EXPECT_MSG(d, rc_inverse(d, buf, 2, buf + 100, D), RC_ERR_USAGE, "fext");
	EXPECT_MSG(d, rc_inverse(d, NULL, 0, NULL, D), RC_ERR_USAGE, "taur");

	/* Non-finite values and states off the closure are invalid input. */
	double u[6] = {0, 0, NAN, 0, 0, 0};
	EXPECT_MSG(d, rc_set_state(d, u, D, NULL, 0), RC_ERR_INVALID, "not finite");
	double f[6] = {0, INFINITY, 0, 0, 0, 0};
	EXPECT_MSG(d, rc_forward(d, f, nf, NULL, 0, buf, D), RC_ERR_INVALID, "not finite");
	double *q = malloc(sizeof(double) * nq), *v = calloc(nv, sizeof(double));
	EXPECT(rc_get_state(d, q, nq, NULL, 0), RC_OK);
	q[0] += 0.05; /* legs are coordinates 0..; moving a dependent one leaves the closure */
	int off = rc_set_full_state(d, q, nq, v, nv);
	checks++;
	if (off != RC_ERR_INVALID && off != RC_OK) {
		failures++;
		fprintf(stderr, "FAIL: off-closure q gave %d\n", off);
	}
	EXPECT(rc_get_state(d, q, nq, NULL, 0), RC_OK);
	for (int i = 0; i < nv; i++) v[i] = 1; /* not tangent to the closure */
	EXPECT_MSG(d, rc_set_full_state(d, q, nq, v, nv), RC_ERR_INVALID, "not tangent");
	q[3] = NAN;
	EXPECT_MSG(d, rc_set_full_state(d, q, nq, v, nv), RC_ERR_INVALID, "not finite");
	free(q);
	free(v);

	/* The workspace still works after every error. */
	EXPECT_MSG(d, rc_forward(d, NULL, 0, NULL, 0, buf, D), RC_OK, "");
	rc_free_data(d);
	rc_free_model(m);
}

/* ---- threads ---- */

#define STEPS 50

struct run {
	rc_model *m;
	double out[STEPS][64]; /* per step: q prefix, udot, Mr diagonal */
	int rc;
};

static void *simulate(void *arg) {
	struct run *r = arg;
	rc_data *d;
	if ((r->rc = rc_data_new(r->m, &d)) != RC_OK) return NULL;
	if ((r->rc = rc_assemble(d, NULL)) != RC_OK) return NULL;
	int D = rc_mobility(d), nq = rc_nq(r->m), nf = rc_nports(r->m);
	double u[16] = {0}, udot[16], du[16], f[16], q[256], Mr[256];
	for (int s = 0; s < STEPS; s++) {
		for (int i = 0; i < nf; i++) f[i] = 100.0 * sin(0.1 * s + i);
		if ((r->rc = rc_set_state(d, u, D, NULL, 0)) != RC_OK) break;
		if ((r->rc = rc_forward(d, f, nf, NULL, 0, udot, D)) != RC_OK) break;
		if ((r->rc = rc_reduced_dynamics(d, NULL, 0, Mr, D * D, NULL, 0)) != RC_OK) break;
		for (int i = 0; i < D; i++) {
			u[i] += 1e-3 * udot[i];
			du[i] = 1e-3 * u[i];
		}
		if ((r->rc = rc_track(d, du, D, q, nq)) != RC_OK) break;
		rc_get_state(d, NULL, 0, u, D);
		for (int i = 0; i < 20; i++) r->out[s][i] = q[i];
		for (int i = 0; i < D; i++) r->out[s][20 + i] = udot[i], r->out[s][40 + i] = Mr[i * D + i];
	}
	rc_free_data(d);
	return NULL;
}

static void threads(void) {
	char err[RC_ERRLEN];
	rc_model *m;
	if (rc_load_file("excavator", "joint_space", &m, err, sizeof err) != RC_OK) {
		fprintf(stderr, "FAIL: load excavator: %s\n", err);
		failures++;
		return;
	}
	static struct run one, a, b;
	memset(&one, 0, sizeof one);
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	one.m = a.m = b.m = m;
	simulate(&one);
	pthread_t ta, tb;
	pthread_create(&ta, NULL, simulate, &a);
	pthread_create(&tb, NULL, simulate, &b);
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	EXPECT(one.rc, RC_OK);
	EXPECT(a.rc, RC_OK);
	EXPECT(b.rc, RC_OK);
	EXPECT(memcmp(one.out, a.out, sizeof one.out), 0);
	EXPECT(memcmp(one.out, b.out, sizeof one.out), 0);
	rc_free_model(m);
}

int main(void) {
	bad_arguments();
	threads();
	if (failures) {
		fprintf(stderr, "capi_test: %d of %d checks failed\n", failures, checks);
		return 1;
	}
	printf("capi_test: %d checks passed\n", checks);
	return 0;
}

/* stewart.c — load the built-in Stewart platform, assemble it and print the independent
 * accelerations u-dot under gravity with the leg forces at zero.
 *
 *   go build -buildmode=c-shared -o build/librobocompiler.so ./capi
 *   cc -I capi examples/c/stewart.c -L build -lrobocompiler -Wl,-rpath,build -o build/stewart
 *   ./build/stewart
 */
#include <stdio.h>
#include <stdlib.h>

#include "robocompiler.h"

int main(void) {
	char err[RC_ERRLEN];
	rc_model *m = NULL;
	if (rc_load_file("stewart", "lengths", &m, err, sizeof err) != RC_OK) {
		fprintf(stderr, "load: %s\n", err);
		return 1;
	}
	rc_data *d = NULL;
	if (rc_data_new(m, &d) != RC_OK) {
		rc_model_error(m, err, sizeof err);
		fprintf(stderr, "workspace: %s\n", err);
		rc_free_model(m);
		return 1;
	}
	int rc = rc_assemble(d, NULL);
	if (rc != RC_OK) {
		fprintf(stderr, "assemble (code %d): %s\n", rc, rc_last_error(d));
		rc_free_data(d);
		rc_free_model(m);
		return 1;
	}
	int D = rc_mobility(d), nv = rc_nv(m);
	double *udot = malloc(sizeof(double) * D);
	int *idx = malloc(sizeof(int) * D);
	rc_independent(d, idx, D);
	if ((rc = rc_forward(d, NULL, 0, NULL, 0, udot, D)) != RC_OK) {
		fprintf(stderr, "forward (code %d): %s\n", rc, rc_last_error(d));
		return 1;
	}
	printf("stewart: nq %d, nv %d, rows %d, mobility %d\n", rc_nq(m), nv, rc_nrows(m), D);
	for (int k = 0; k < D; k++) {
		char name[128];
		rc_name(m, RC_NAME_COORDINATE, idx[k], name, sizeof name);
		printf("udot[%s] = %.9f\n", name, udot[k]);
	}
	free(udot);
	free(idx);
	rc_free_data(d);
	rc_free_model(m);
	return 0;
}

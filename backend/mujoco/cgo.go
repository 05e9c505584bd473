//go:build mujoco

package mujoco

/*
#cgo LDFLAGS: -lmujoco
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <mujoco/mujoco.h>

static pthread_mutex_t rc_warn_mu = PTHREAD_MUTEX_INITIALIZER;
static char rc_warn_last[1000];
static long rc_warn_count = 0;

// rc_warning records the last MuJoCo warning instead of printing it.
static void rc_warning(const char* msg) {
	pthread_mutex_lock(&rc_warn_mu);
	strncpy(rc_warn_last, msg, sizeof(rc_warn_last) - 1);
	rc_warn_last[sizeof(rc_warn_last) - 1] = 0;
	rc_warn_count++;
	pthread_mutex_unlock(&rc_warn_mu);
}

// rc_error reports a fatal MuJoCo error on stderr and aborts, so that the Go
// runtime prints the goroutine stacks (MuJoCo's default would wait for Enter).
static void rc_error(const char* msg) {
	fprintf(stderr, "backend/mujoco: fatal MuJoCo error: %s\n", msg);
	fflush(stderr);
	abort();
}

static void rc_install_handlers(void) {
	if (!mju_user_error) {
		mju_user_error = rc_error;
	}
	if (!mju_user_warning) {
		mju_user_warning = rc_warning;
	}
}

// rc_last_warning copies the last warning into buf and returns the count.
static long rc_last_warning(char* buf, int n) {
	pthread_mutex_lock(&rc_warn_mu);
	strncpy(buf, rc_warn_last, n - 1);
	buf[n - 1] = 0;
	long c = rc_warn_count;
	pthread_mutex_unlock(&rc_warn_mu);
	return c;
}
*/
import "C"

import "unsafe"

// mjtNum must be a C double so that []float64 views of MuJoCo arrays are valid.
// Either array length below is a compile error otherwise.
var (
	_ [unsafe.Sizeof(C.mjtNum(0)) - 8]struct{}
	_ [8 - unsafe.Sizeof(C.mjtNum(0))]struct{}
)

func init() {
	C.rc_install_handlers()
}

// HeaderVersion is the MuJoCo version of the headers this package was compiled
// against, encoded as 100*major + 10*minor + patch (222 for 2.2.2).
const HeaderVersion = int(C.mjVERSION_HEADER)

// Version returns the version of the linked MuJoCo library, e.g. "2.2.2".
func Version() string { return C.GoString(C.mj_versionString()) }

// LibraryVersion returns the linked library's version number in the encoding of
// HeaderVersion; it differs from HeaderVersion if the shared library was swapped.
func LibraryVersion() int { return int(C.mj_version()) }

// LastWarning returns the most recent warning MuJoCo raised in this process (for
// example "Nan, Inf or huge value in QACC at DOF 0. The simulation is unstable.") and
// the total number of warnings so far. MuJoCo raises each kind of runtime warning
// only the first time per Data. Warnings raised while compiling a model are returned
// by Model.CompileWarning instead.
func LastWarning() (msg string, count int) {
	var buf [1000]C.char
	n := C.rc_last_warning(&buf[0], C.int(len(buf)))
	return C.GoString(&buf[0]), int(n)
}

// f64 views n C doubles starting at p as a Go slice (no copy, no allocation).
func f64(p *C.mjtNum, n int) []float64 {
	if p == nil || n <= 0 {
		return nil
	}
	return unsafe.Slice((*float64)(unsafe.Pointer(p)), n)
}

// i32 views n C ints starting at p as a Go slice (no copy, no allocation).
func i32(p *C.int, n int) []int32 {
	if p == nil || n <= 0 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(p)), n)
}

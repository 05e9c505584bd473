package main

/*
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#define ROBOCOMPILER_BUILDING_LIBRARY
#include "robocompiler.h"

struct rc_model { uintptr_t handle; };
struct rc_data { uintptr_t handle; char err[RC_ERRLEN]; };
*/
import "C"

import (
	"fmt"
	"runtime/cgo"
	"unsafe"

	"github.com/robocompiler/robocompiler"
)

// goString views a C string without copying (nil → ""): for lookups and messages only,
// never for a string the library keeps.
func goString(s *C.char) string {
	if s == nil {
		return ""
	}
	return unsafe.String((*byte)(unsafe.Pointer(s)), int(C.strlen(s)))
}

// writeC copies msg into the C buffer buf of n bytes, truncated and NUL terminated.
func writeC(buf *C.char, n C.int, msg string) {
	if buf == nil || n <= 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(buf)), int(n))
	k := copy(b[:len(b)-1], msg)
	b[k] = 0
}

// fa is a caller's double array.
func fa(p *C.double, n C.int) arr { return arr{unsafe.Pointer(p), int(n)} }

// modelOf returns the Go model of a handle, or nil.
func modelOf(cm *C.rc_model) (m *model) {
	if cm == nil || cm.handle == 0 {
		return nil
	}
	defer func() {
		if recover() != nil {
			m = nil
		}
	}()
	m, _ = cgo.Handle(cm.handle).Value().(*model)
	return m
}

// dataOf returns the Go workspace of a handle, or nil.
func dataOf(cd *C.rc_data) (w *workspace) {
	if cd == nil || cd.handle == 0 {
		return nil
	}
	defer func() {
		if recover() != nil {
			w = nil
		}
	}()
	w, _ = cgo.Handle(cd.handle).Value().(*workspace)
	return w
}

// finish records err's message in the workspace's buffer ("" for nil) and returns its code.
func finish(cd *C.rc_data, err error) C.int {
	if err == nil {
		cd.err[0] = 0
		return codeOK
	}
	writeC(&cd.err[0], C.RC_ERRLEN, err.Error())
	return C.int(code(err))
}

// recoverData turns a panic in a workspace call into RC_ERR_INTERNAL.
func recoverData(cd *C.rc_data, op string, rc *C.int) {
	if r := recover(); r != nil {
		*rc = finish(cd, panicError(op, r))
	}
}

// recoverModel turns a panic in a model call into RC_ERR_INTERNAL.
func recoverModel(m *model, op string, rc *C.int) {
	if r := recover(); r != nil {
		*rc = C.int(m.setErr(panicError(op, r)))
	}
}

// onData runs the workspace call op of an export: a NULL or freed workspace is noData,
// f's error becomes the return code and message (finish), and a panic RC_ERR_INTERNAL.
func onData(cd *C.rc_data, op string, f func(w *workspace) error) (rc C.int) {
	w := dataOf(cd)
	if w == nil {
		return noData
	}
	defer recoverData(cd, op, &rc)
	return finish(cd, f(w))
}

// noData is the return of a call on a NULL or freed workspace.
const noData = C.RC_ERR_USAGE

// load publishes a loaded model or reports the error.
func load(op string, m *robocompiler.Model, err error, out **C.rc_model, errbuf *C.char, errlen C.int) C.int {
	if err != nil {
		writeC(errbuf, errlen, err.Error())
		if c := code(err); c != codeUsage && c != codeInternal {
			return codeInvalid
		}
		return C.int(code(err))
	}
	cm := (*C.rc_model)(C.calloc(1, C.size_t(unsafe.Sizeof(C.rc_model{}))))
	if cm == nil {
		writeC(errbuf, errlen, op+": out of memory")
		return codeInternal
	}
	cm.handle = C.uintptr_t(cgo.NewHandle(&model{m: m}))
	*out = cm
	writeC(errbuf, errlen, "")
	return codeOK
}

//export rc_load_file
func rc_load_file(path, partition *C.char, out **C.rc_model, errbuf *C.char, errlen C.int) (rc C.int) {
	defer func() {
		if r := recover(); r != nil {
			writeC(errbuf, errlen, panicError("rc_load_file", r).Error())
			rc = codeInternal
		}
	}()
	if out == nil {
		writeC(errbuf, errlen, "rc_load_file: out is NULL")
		return codeUsage
	}
	*out = nil
	if path == nil {
		writeC(errbuf, errlen, "rc_load_file: path is NULL")
		return codeUsage
	}
	m, err := robocompiler.Load(C.GoString(path), robocompiler.Options{Partition: C.GoString(partition)})
	return load("rc_load_file", m, err, out, errbuf, errlen)
}

//export rc_load_string
func rc_load_string(text, format, partition *C.char, out **C.rc_model, errbuf *C.char, errlen C.int) (rc C.int) {
	defer func() {
		if r := recover(); r != nil {
			writeC(errbuf, errlen, panicError("rc_load_string", r).Error())
			rc = codeInternal
		}
	}()
	if out == nil {
		writeC(errbuf, errlen, "rc_load_string: out is NULL")
		return codeUsage
	}
	*out = nil
	if text == nil || format == nil {
		writeC(errbuf, errlen, "rc_load_string: text or format is NULL")
		return codeUsage
	}
	f := C.GoString(format)
	switch f {
	case "cmg", "mjcf", "urdf":
	default:
		writeC(errbuf, errlen, fmt.Sprintf("rc_load_string: format %q; want \"cmg\", \"mjcf\" or \"urdf\"", f))
		return codeUsage
	}
	m, err := robocompiler.LoadBytes([]byte(C.GoString(text)), f, "<string>", robocompiler.Options{Partition: C.GoString(partition)})
	return load("rc_load_string", m, err, out, errbuf, errlen)
}

//export rc_free_model
func rc_free_model(cm *C.rc_model) {
	defer func() { _ = recover() }()
	if modelOf(cm) == nil {
		return
	}
	cgo.Handle(cm.handle).Delete()
	cm.handle = 0
	C.free(unsafe.Pointer(cm))
}

//export rc_model_error
func rc_model_error(cm *C.rc_model, buf *C.char, n C.int) C.int {
	m := modelOf(cm)
	if m == nil || buf == nil || n <= 0 {
		return codeUsage
	}
	writeC(buf, n, m.lastErr())
	return codeOK
}

// size returns f(m) or -1 for a NULL model.
func size(cm *C.rc_model, f func(m *robocompiler.Model) int) C.int {
	m := modelOf(cm)
	if m == nil {
		return -1
	}
	return C.int(f(m.m))
}

//export rc_nq
func rc_nq(cm *C.rc_model) C.int { return size(cm, func(m *robocompiler.Model) int { return m.NQ }) }

//export rc_nv
func rc_nv(cm *C.rc_model) C.int { return size(cm, func(m *robocompiler.Model) int { return m.NV }) }

//export rc_nvt
func rc_nvt(cm *C.rc_model) C.int { return size(cm, func(m *robocompiler.Model) int { return m.NVT }) }

//export rc_nrows
func rc_nrows(cm *C.rc_model) C.int {
	return size(cm, func(m *robocompiler.Model) int { return m.Rows })
}

//export rc_nports
func rc_nports(cm *C.rc_model) C.int {
	return size(cm, func(m *robocompiler.Model) int { return len(m.Ports) })
}

//export rc_nsites
func rc_nsites(cm *C.rc_model) C.int {
	return size(cm, func(m *robocompiler.Model) int { return len(m.Sites) })
}

//export rc_nbodies
func rc_nbodies(cm *C.rc_model) C.int {
	return size(cm, func(m *robocompiler.Model) int { return len(m.Bodies) })
}

//export rc_name
func rc_name(cm *C.rc_model, kind, index C.int, buf *C.char, n C.int) (rc C.int) {
	m := modelOf(cm)
	if m == nil {
		return codeUsage
	}
	defer recoverModel(m, "rc_name", &rc)
	name, err := m.name(int(kind), int(index))
	if err == nil && (buf == nil || int(n) < len(name)+1) {
		err = usagef("rc_name: buffer of %d bytes for %q; want at least %d", n, name, len(name)+1)
	}
	if err == nil {
		writeC(buf, n, name)
	}
	return C.int(m.setErr(err))
}

//export rc_joint_frames
func rc_joint_frames(cm *C.rc_model, joint *C.char, A *C.double, nA C.int, B *C.double, nB C.int) (rc C.int) {
	m := modelOf(cm)
	if m == nil {
		return codeUsage
	}
	defer recoverModel(m, "rc_joint_frames", &rc)
	if joint == nil {
		return C.int(m.setErr(usagef("rc_joint_frames: joint is NULL")))
	}
	return C.int(m.setErr(m.jointFrames(goString(joint), fa(A, nA), fa(B, nB))))
}

//export rc_task_dim
func rc_task_dim(cm *C.rc_model, site *C.char) (rc C.int) {
	m := modelOf(cm)
	if m == nil {
		return -1
	}
	defer func() {
		if r := recover(); r != nil {
			m.setErr(panicError("rc_task_dim", r))
			rc = -1
		}
	}()
	if site == nil {
		m.setErr(usagef("rc_task_dim: site is NULL"))
		return -1
	}
	d, err := m.taskDim(goString(site))
	m.setErr(err)
	return C.int(d)
}

//export rc_data_new
func rc_data_new(cm *C.rc_model, out **C.rc_data) (rc C.int) {
	m := modelOf(cm)
	if m == nil {
		return codeUsage
	}
	defer recoverModel(m, "rc_data_new", &rc)
	if out == nil {
		return C.int(m.setErr(usagef("rc_data_new: out is NULL")))
	}
	cd := (*C.rc_data)(C.calloc(1, C.size_t(unsafe.Sizeof(C.rc_data{}))))
	if cd == nil {
		return C.int(m.setErr(&codedError{codeInternal, fmt.Errorf("rc_data_new: out of memory")}))
	}
	cd.handle = C.uintptr_t(cgo.NewHandle(newWorkspace(m)))
	*out = cd
	return C.int(m.setErr(nil))
}

//export rc_free_data
func rc_free_data(cd *C.rc_data) {
	defer func() { _ = recover() }()
	if dataOf(cd) == nil {
		return
	}
	cgo.Handle(cd.handle).Delete()
	cd.handle = 0
	C.free(unsafe.Pointer(cd))
}

// nullMessage is rc_last_error's answer for a NULL workspace (C memory, never freed).
var nullMessage = C.CString("rc_last_error: the workspace is NULL or freed")

//export rc_last_error
func rc_last_error(cd *C.rc_data) *C.char {
	if cd == nil {
		return nullMessage
	}
	return &cd.err[0]
}

//export rc_mobility
func rc_mobility(cd *C.rc_data) C.int {
	w := dataOf(cd)
	if w == nil {
		return -1
	}
	return C.int(w.mobility())
}

//export rc_independent
func rc_independent(cd *C.rc_data, idx *C.int, n C.int) C.int {
	return onData(cd, "rc_independent", func(w *workspace) error { return w.independent(arr{unsafe.Pointer(idx), int(n)}) })
}

//export rc_assemble
func rc_assemble(cd *C.rc_data, seed *C.char) C.int {
	return onData(cd, "rc_assemble", func(w *workspace) error { return w.assemble(C.GoString(seed)) }) // copied: assembly is not a hot call
}

//export rc_set_state
func rc_set_state(cd *C.rc_data, u *C.double, nu C.int, udot *C.double, nudot C.int) C.int {
	return onData(cd, "rc_set_state", func(w *workspace) error { return w.setState(fa(u, nu), fa(udot, nudot)) })
}

//export rc_set_full_state
func rc_set_full_state(cd *C.rc_data, q *C.double, nq C.int, v *C.double, nv C.int) C.int {
	return onData(cd, "rc_set_full_state", func(w *workspace) error { return w.setFullState(fa(q, nq), fa(v, nv)) })
}

//export rc_get_state
func rc_get_state(cd *C.rc_data, q *C.double, nq C.int, u *C.double, nu C.int) C.int {
	return onData(cd, "rc_get_state", func(w *workspace) error { return w.getState(fa(q, nq), fa(u, nu)) })
}

//export rc_track
func rc_track(cd *C.rc_data, du *C.double, n C.int, q *C.double, nq C.int) C.int {
	return onData(cd, "rc_track", func(w *workspace) error { return w.track(fa(du, n), fa(q, nq)) })
}

//export rc_closure
func rc_closure(cd *C.rc_data, rho *C.double, nrho C.int, Cm *C.double, nC C.int) C.int {
	return onData(cd, "rc_closure", func(w *workspace) error { return w.closure(fa(rho, nrho), fa(Cm, nC)) })
}

//export rc_lift
func rc_lift(cd *C.rc_data, E *C.double, n C.int) C.int {
	return onData(cd, "rc_lift", func(w *workspace) error { return w.lift(fa(E, n)) })
}

//export rc_velocity
func rc_velocity(cd *C.rc_data, v *C.double, nv C.int, c *C.double, nc C.int) C.int {
	return onData(cd, "rc_velocity", func(w *workspace) error { return w.velocity(fa(v, nv), fa(c, nc)) })
}

//export rc_port_map
func rc_port_map(cd *C.rc_data, ell *C.double, nell C.int, L *C.double, nL C.int) C.int {
	return onData(cd, "rc_port_map", func(w *workspace) error { return w.portMap(fa(ell, nell), fa(L, nL)) })
}

//export rc_frame_pose
func rc_frame_pose(cd *C.rc_data, name *C.char, pose *C.double, n C.int) C.int {
	return onData(cd, "rc_frame_pose", func(w *workspace) error {
		if name == nil {
			return usagef("rc_frame_pose: name is NULL")
		}
		return w.framePose(goString(name), fa(pose, n))
	})
}

//export rc_task
func rc_task(cd *C.rc_data, site *C.char, x *C.double, nx C.int, J *C.double, nJ C.int, jdu *C.double, ndu C.int) C.int {
	return onData(cd, "rc_task", func(w *workspace) error {
		if site == nil {
			return usagef("rc_task: site is NULL")
		}
		return w.taskEval(goString(site), fa(x, nx), fa(J, nJ), fa(jdu, ndu))
	})
}

//export rc_world_wrench
func rc_world_wrench(cd *C.rc_data, body *C.char, point, wr, fext *C.double, nfext C.int) C.int {
	return onData(cd, "rc_world_wrench", func(w *workspace) error {
		if body == nil {
			return usagef("rc_world_wrench: body is NULL")
		}
		return w.worldWrench(goString(body), fa(point, 3), fa(wr, 6), fa(fext, nfext))
	})
}

//export rc_tree_dynamics
func rc_tree_dynamics(cd *C.rc_data, fext *C.double, nfext C.int, M *C.double, nM C.int, h *C.double, nh C.int) C.int {
	return onData(cd, "rc_tree_dynamics", func(w *workspace) error { return w.treeDynamics(fa(fext, nfext), fa(M, nM), fa(h, nh)) })
}

//export rc_reduced_dynamics
func rc_reduced_dynamics(cd *C.rc_data, fext *C.double, nfext C.int, M *C.double, nM C.int, h *C.double, nh C.int) C.int {
	return onData(cd, "rc_reduced_dynamics", func(w *workspace) error { return w.reducedDynamics(fa(fext, nfext), fa(M, nM), fa(h, nh)) })
}

//export rc_forward
func rc_forward(cd *C.rc_data, f *C.double, nf C.int, fext *C.double, nfext C.int, udot *C.double, n C.int) C.int {
	return onData(cd, "rc_forward", func(w *workspace) error { return w.forward(fa(f, nf), fa(fext, nfext), fa(udot, n)) })
}

//export rc_inverse
func rc_inverse(cd *C.rc_data, fext *C.double, nfext C.int, tau *C.double, n C.int) C.int {
	return onData(cd, "rc_inverse", func(w *workspace) error { return w.inverse(fa(fext, nfext), fa(tau, n)) })
}

// Command capi is the C library of RoboCompiler: build it with
//
//	go build -buildmode=c-shared -o librobocompiler.so ./capi
//	go build -buildmode=c-archive -o librobocompiler.a ./capi
//
// and include robocompiler.h (this directory), which documents every function. The
// exported functions (export.go) only convert C arguments and handles; the work is done
// by the Go workspace (workspace.go) through the front door, package robocompiler.
//
// Handles: rc_model and rc_data are small C structs allocated with C.malloc that hold a
// runtime/cgo.Handle of the Go object, so C never holds a Go pointer. Every export
// recovers from panics and turns them into RC_ERR_INTERNAL.
package main

// main is required by -buildmode=c-shared and c-archive; it is never called.
func main() {}

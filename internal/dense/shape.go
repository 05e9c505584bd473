package dense

import "fmt"

// CheckLen panics with the message "where: len(name) = got; want want" unless got == want.
// where names the package and function, as in "dyn: CRBA". By the library's convention a
// slice of the wrong length from a Go caller is a programming error, so it panics; the
// front door validates shapes and returns errors instead.
func CheckLen(where, name string, got, want int) {
	if got != want {
		lenPanic(where, name, got, want)
	}
}

// lenPanic is CheckLen's failure path, kept out of line so that CheckLen inlines.
//
//go:noinline
func lenPanic(where, name string, got, want int) {
	panic(fmt.Sprintf("%s: len(%s) = %d; want %d", where, name, got, want))
}

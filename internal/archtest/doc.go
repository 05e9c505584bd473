// Package archtest holds the architecture tests of the module: which packages may reach
// the source records (package cmg), which may not read them from a compiled model, and
// the layers around the front door (nothing below it depends on it, it depends on nothing
// above it).
// It has no non-test code.
package archtest

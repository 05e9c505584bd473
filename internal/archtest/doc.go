// Package archtest holds the architecture tests of the module: which packages may reach
// the source records (package cmg), and which may not read them from a compiled model.
// It has no non-test code.
package archtest

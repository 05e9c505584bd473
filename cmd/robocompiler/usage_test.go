package main

import (
	"strings"
	"testing"
)

// TestBadArguments: out-of-range numbers are usage errors (exit 2) naming the flag, and a
// built-in model's errors name the model, never an empty file name.
func TestBadArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check", "fourbar", "--states", "0"}, 2, "--states"},
		{[]string{"check", "fourbar", "--states", "-3"}, 2, "--states"},
		{[]string{"simulate", "stewart", "--task", "inspection", "--out", "unused", "--duration", "NaN"}, 2, "--duration"},
		{[]string{"simulate", "stewart", "--task", "inspection", "--out", "unused", "--duration", "+Inf"}, 2, "--duration"},
		{[]string{"simulate", "stewart", "--task", "inspection", "--out", "unused", "--duration", "-1"}, 2, "--duration"},
		{[]string{"assemble", "fourbar", "--partition", "nope"}, 1, "fourbar: no partition request named \"nope\""},
		{[]string{"assemble", "fourbar", "--seed", "nope"}, 1, "fourbar: no seed named \"nope\""},
	} {
		_, errOut, code := run(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d naming %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

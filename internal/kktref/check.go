package kktref

import "fmt"

// checkSizes validates the argument lengths shared by Solve and SolveBig.
func checkSizes(M, h, tau, Jc, gamma []float64, n, m int) error {
	switch {
	case n < 0 || m < 0:
		return fmt.Errorf("kktref: negative size n=%d m=%d", n, m)
	case len(M) != n*n:
		return fmt.Errorf("kktref: len(M) = %d, want n·n = %d", len(M), n*n)
	case len(h) != n:
		return fmt.Errorf("kktref: len(h) = %d, want n = %d", len(h), n)
	case len(tau) != n:
		return fmt.Errorf("kktref: len(tau) = %d, want n = %d", len(tau), n)
	case len(Jc) != m*n:
		return fmt.Errorf("kktref: len(Jc) = %d, want m·n = %d", len(Jc), m*n)
	case len(gamma) != m:
		return fmt.Errorf("kktref: len(gamma) = %d, want m = %d", len(gamma), m)
	}
	return nil
}

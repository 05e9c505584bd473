package robocompiler

// SetLoopFormMin sets the velocity count above which models with loops take the loop form
// (LoopFormMin by default), for tests that force one path or the other; it returns the
// function that restores the previous value.
func SetLoopFormMin(n int) (restore func()) {
	old := loopFormMin
	loopFormMin = n
	return func() { loopFormMin = old }
}

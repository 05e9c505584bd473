package spatial

import "errors"

// LogBranchMargin is the distance (rad) from π below which the rotation axis
// sign, and hence the principal logarithm, is numerically ambiguous.
const LogBranchMargin = 1e-9

// ErrLogBranch is returned (with a best-effort value) by LogSO3/LogSE3 when
// π - θ < LogBranchMargin.
var ErrLogBranch = errors.New("spatial: rotation angle within LogBranchMargin of pi; log branch ambiguous")

// ErrNonFinite is returned by LogSO3/LogSE3 for NaN or infinite input.
var ErrNonFinite = errors.New("spatial: non-finite input")

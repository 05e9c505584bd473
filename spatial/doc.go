// Package spatial provides fixed-size, allocation-free rigid-body algebra:
// 3- and 6-vectors and matrices, unit quaternions, rigid transforms, the
// SO(3)/SE(3) exponential and logarithm with their left and right
// Jacobians, spatial cross operators and spatial inertia.
//
// Conventions: SI units; spatial vectors are angular-first, a twist is
// [w; v] and a wrench is [n; f]; matrices are row-major ([row][col]); a
// Transform maps child coordinates into parent coordinates.
package spatial

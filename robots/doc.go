// Package robots provides RoboCompiler's built-in mechanisms as canonical mechanism
// graphs (package cmg): a planar four-bar and five-bar, a parametric 6-UPS Stewart
// platform and an excavator arm with a tilt-rotator, plus deterministic variants of the
// Stewart platform and the excavator for representation-consistency tests.
//
// Every model follows the CMG conventions: a joint maps body_b coordinates into body_a
// coordinates by X(q) = A·Q(q)·B⁻¹ with A = frame_a (the joint frame in body_a) and
// B = frame_b (the same joint frame in body_b); Q(q) rotates about or translates along
// the joint axis given in the joint frame. Quaternions are (w, x, y, z), rotation
// matrices row-major. The ground is not a body, and loop-closing joints are ordinary
// joints: no model marks a cut. Every model carries a "default" seed that closes all
// its loops to round-off.
//
// The planar mechanisms move in the x–y plane of their ground frame with gravity along
// -y, (0, -9.81, 0) m/s²; the Stewart platform and the excavator use (0, 0, -9.81).
package robots

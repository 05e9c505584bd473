// Package urdf imports URDF robot descriptions into canonical mechanism graphs (CMG).
//
// Links become bodies (a link without <inertial> is massless) and joints keep their
// names and types: revolute and continuous → revolute, prismatic → prismatic, fixed →
// fixed, floating → free, planar → planar (axis = plane normal). A joint's frame is its
// child link's frame: frame_a is the joint origin in the parent link (xyz, and rpy as
// rotations about the fixed x, y, z axes: R = Rz(yaw)·Ry(pitch)·Rx(roll)), frame_b is
// the identity, and the axis is given in that frame. <mimic> becomes an affine coupling
// with the mimicking joint as slave. The root link is fixed to the ground "world"
// (<root>__fixed), or joined to it by a free joint (<root>__free) with
// ImportOptions.Floating; a link named "world" is taken to be the ground itself.
//
// Joint effort and velocity limits, calibration and safety-controller settings are read
// past without warnings (CMG joints carry position limits only); visual and collision
// geometry is never loaded. Other unknown elements and attributes are reported as
// warnings with their file and line. xacro files must be expanded first.
package urdf

// Package mjcf imports MuJoCo MJCF models into canonical mechanism graphs (CMG).
//
// The importer follows the MuJoCo XML reference: includes are expanded in place
// (paths relative to the including file, falling back to the main file's directory);
// <compiler> settings (angle, default degree; eulerseq, default xyz; autolimits,
// default true; inertiafromgeom and the mass bounds) govern the whole model; default
// classes cascade through class and childclass; <frame> placements accumulate into
// their children.
//
// Conventions of the produced graph:
//
//   - Bodies keep their MJCF names; the ground is "world". A body without joints is
//     welded to its parent by a "fixed" joint <body>__fixed. A body with several joints
//     becomes a chain through massless bodies <body>__<joint> (one per joint but the
//     last); the named body comes last and carries the mass, sites and children.
//   - Joint frames: frame_a is the joint anchor in the parent (for the first joint of a
//     body, the body's pose in its parent composed with the anchor; the joint frame is
//     parallel to the child body frame), frame_b is the anchor in the child, turned by
//     ref about (hinge) or moved by ref along (slide) the axis, so that joint values equal
//     MuJoCo's qpos. The CMG axis is the MJCF axis, normalised, in the body frame. A free
//     joint (joint type="free" or <freejoint/>) joins "world" to the body with identity
//     frames, so its value is the body's world pose (x, y, z, qw, qx, qy, qz).
//   - Equality connect → point loop cut with the anchor in body1 and the body2 point
//     where the anchor sits at qpos0; weld → weld cut (relpose, else the qpos0 relative
//     pose); joint → coupling with joint2 as master and joint1 as slave. With
//     ImportOptions.MergeConnectPairs two connects between the same two bodies become one
//     revolute or universal cut (builder.mergeConnectPairs).
//   - Actuators with joint or fixed-tendon transmissions → actuator ports (see
//     readActuator for the gear and limit conventions).
//   - Seeds: "default" holds qpos0; each keyframe with qpos becomes a seed.
//   - Named sphere geoms become point sites at their centres (foot contacts); <site>
//     elements become point sites, or frame sites when oriented.
//
// <option> contributes gravity (zero under flag gravity="disable"); a disabled flag that
// would remove records the graph keeps (equality, limit, frictionloss, ...) is reported.
// Attributes that only shape contacts, the solver or rendering are accepted silently;
// any other element or attribute the importer does not use is reported in a warning
// with its file and line. Mesh files are never opened.
package mjcf

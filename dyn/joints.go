package dyn

// JointCoordinates writes into out (the NQ entries of joint j's motion model; j indexes
// Model.Joints) the coordinates of joint j read from the poses of the last evaluation
// (ForwardKinematics, RNEA, CRBA, …): the relative placement A⁻¹·X_A⁻¹·X_B·B of its
// two attachment frames, inverted by joint.Model.Coordinates with angles on the branch
// nearest near (nil: that method's default). For a tree joint this recovers its own
// coordinates; for an eliminated cut joint at a closed configuration, the values the tree
// implies (the joint owns none in q).
func (d *Data) JointCoordinates(j int, near, out []float64) {
	jt := &d.m.Joints[j]
	rel := jt.AInv.Mul(d.pose[jt.NodeA].Inv().Mul(d.pose[jt.NodeB])).Mul(jt.B)
	jt.Model.Coordinates(rel, near, out)
}

package cmg

import (
	"maps"
	"slices"
)

// Clone returns a deep copy of g: no pointer, slice or map is shared with g.
func (g *Graph) Clone() *Graph {
	if g == nil {
		return nil
	}
	c := *g
	c.Gravity = clonePtr(g.Gravity)
	c.Bodies = slices.Clone(g.Bodies)
	c.Joints = slices.Clone(g.Joints)
	for i := range c.Joints {
		j := &c.Joints[i]
		j.FrameA, j.FrameB = j.FrameA.clone(), j.FrameB.clone()
		j.Axis, j.Axis2 = clonePtr(j.Axis), clonePtr(j.Axis2)
		if j.Limits != nil {
			j.Limits = &Limits{Lower: slices.Clone(j.Limits.Lower), Upper: slices.Clone(j.Limits.Upper)}
		}
	}
	c.LoopCuts = slices.Clone(g.LoopCuts)
	for i := range c.LoopCuts {
		l := &c.LoopCuts[i]
		l.FrameA, l.FrameB = l.FrameA.clone(), l.FrameB.clone()
		l.Axis, l.Axis2 = clonePtr(l.Axis), clonePtr(l.Axis2)
	}
	c.Couplings = slices.Clone(g.Couplings)
	c.Actuators = slices.Clone(g.Actuators)
	for i := range c.Actuators {
		a := &c.Actuators[i]
		a.Transmission = slices.Clone(a.Transmission)
		a.PointA, a.PointB = clonePtr(a.PointA), clonePtr(a.PointB)
		a.EffortLimits = clonePtr(a.EffortLimits)
		a.StrokeLimits = clonePtr(a.StrokeLimits)
		a.SpeedLimits = clonePtr(a.SpeedLimits)
		a.Drive = clonePtr(a.Drive)
	}
	c.Sites = slices.Clone(g.Sites)
	for i := range c.Sites {
		c.Sites[i].Frame = c.Sites[i].Frame.clone()
	}
	if g.Seeds != nil {
		c.Seeds = make(map[string]map[string]Values, len(g.Seeds))
		for name, seed := range g.Seeds {
			var s map[string]Values
			if seed != nil {
				s = make(map[string]Values, len(seed))
				for id, v := range seed {
					s[id] = slices.Clone(v)
				}
			}
			c.Seeds[name] = s
		}
	}
	if g.PartitionRequests != nil {
		c.PartitionRequests = maps.Clone(g.PartitionRequests)
		for name, ids := range c.PartitionRequests {
			c.PartitionRequests[name] = slices.Clone(ids)
		}
	}
	if g.Hints != nil {
		c.Hints = &Hints{TreeJoints: slices.Clone(g.Hints.TreeJoints), CutJoints: slices.Clone(g.Hints.CutJoints)}
	}
	c.BranchWindow = clonePtr(g.BranchWindow)
	c.Scales = clonePtr(g.Scales)
	return &c
}

// clone returns a copy of f that shares no pointer with it.
func (f Frame) clone() Frame {
	f.Quat, f.Rot = clonePtr(f.Quat), clonePtr(f.Rot)
	return f
}

// clonePtr returns a pointer to a copy of *p, or nil.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

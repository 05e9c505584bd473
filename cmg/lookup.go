package cmg

// defaultGravity is the gravitational acceleration used when a graph gives none, m/s².
var defaultGravity = [3]float64{0, 0, -9.81}

// GroundName returns the name of the ground frame: Ground, or DefaultGround when empty.
func (g *Graph) GroundName() string {
	if g.Ground == "" {
		return DefaultGround
	}
	return g.Ground
}

// GravityVec returns the gravitational acceleration in the ground frame (m/s²):
// Gravity, or (0, 0, -9.81) when absent.
func (g *Graph) GravityVec() [3]float64 {
	if g.Gravity == nil {
		return defaultGravity
	}
	return *g.Gravity
}

// IsGround reports whether id names the ground frame.
func (g *Graph) IsGround(id string) bool { return id == g.GroundName() }

// Body returns the body with the given id, or nil.
func (g *Graph) Body(id string) *Body {
	return byID(g.Bodies, id, func(r *Body) string { return r.ID })
}

// Joint returns the joint with the given id, or nil.
func (g *Graph) Joint(id string) *Joint {
	return byID(g.Joints, id, func(r *Joint) string { return r.ID })
}

// LoopCut returns the declared loop cut with the given id, or nil.
func (g *Graph) LoopCut(id string) *LoopCut {
	return byID(g.LoopCuts, id, func(r *LoopCut) string { return r.ID })
}

// Coupling returns the coupling with the given id, or nil.
func (g *Graph) Coupling(id string) *Coupling {
	return byID(g.Couplings, id, func(r *Coupling) string { return r.ID })
}

// Actuator returns the actuator with the given id, or nil.
func (g *Graph) Actuator(id string) *Actuator {
	return byID(g.Actuators, id, func(r *Actuator) string { return r.ID })
}

// Site returns the site with the given id, or nil.
func (g *Graph) Site(id string) *Site { return byID(g.Sites, id, func(r *Site) string { return r.ID }) }

// byID returns a pointer to the first record of recs whose id is want, or nil.
func byID[T any](recs []T, want string, id func(*T) string) *T {
	for i := range recs {
		if id(&recs[i]) == want {
			return &recs[i]
		}
	}
	return nil
}

package mjcf

import (
	"math"
)

// compilerOpts are the <compiler> settings that change how the model is read. Several
// <compiler> elements may appear (for example via includes); later ones override
// earlier ones attribute by attribute, and the final settings apply to the whole model.
type compilerOpts struct {
	degree          bool    // angles in degrees (MJCF default) rather than radians
	eulerseq        string  // three of xyzXYZ; lowercase = rotating axes, uppercase = fixed axes
	autolimits      bool    // infer limited from the presence of range (MuJoCo ≥ 2.3.3 default: true)
	inertiaFromGeom string  // false, true or auto
	groupLo         int     // inertiagrouprange
	groupHi         int     // inertiagrouprange
	boundMass       float64 // lower bound on body mass (non-world bodies with geoms or inertial)
	boundInertia    float64 // lower bound on the principal inertias
	setTotalMass    float64 // rescale all masses to this total when positive
	meshdir         string  // directory of mesh files, relative to the model's (drawing only)
}

// defaultCompiler returns MuJoCo's defaults.
func defaultCompiler() compilerOpts {
	return compilerOpts{degree: true, eulerseq: "xyz", autolimits: true, inertiaFromGeom: "auto", groupHi: 5, setTotalMass: -1}
}

// angle converts an angle read from the file to radians.
func (c *compilerOpts) angle(x float64) float64 {
	if c.degree {
		return x * math.Pi / 180
	}
	return x
}

// readCompiler applies one <compiler> element.
func (b *builder) readCompiler(n *node) error {
	b.checkAttrs(n, "compiler")
	a := ownAttrs(n)
	c := &b.comp
	if v, ok := a.str("angle"); ok {
		switch v {
		case "degree":
			c.degree = true
		case "radian":
			c.degree = false
		default:
			return errAt(n, "angle", "%q is not valid: use radian or degree", v)
		}
	}
	if v, ok := a.str("eulerseq"); ok {
		if len(v) != 3 {
			return errAt(n, "eulerseq", "%q is not valid: need three of x, y, z, X, Y, Z", v)
		}
		for _, r := range v {
			switch r {
			case 'x', 'y', 'z', 'X', 'Y', 'Z':
			default:
				return errAt(n, "eulerseq", "%q is not valid: need three of x, y, z, X, Y, Z", v)
			}
		}
		c.eulerseq = v
	}
	var err error
	if c.autolimits, err = a.boolean("autolimits", c.autolimits); err != nil {
		return err
	}
	if c.inertiaFromGeom, err = a.oneOf("inertiafromgeom", c.inertiaFromGeom, "false", "true", "auto"); err != nil {
		return err
	}
	if g, err := a.floats("inertiagrouprange", 2, 2); err != nil {
		return err
	} else if g != nil {
		c.groupLo, c.groupHi = int(g[0]), int(g[1])
	}
	if c.boundMass, err = a.float("boundmass", c.boundMass); err != nil {
		return err
	}
	if c.boundInertia, err = a.float("boundinertia", c.boundInertia); err != nil {
		return err
	}
	if c.setTotalMass, err = a.float("settotalmass", c.setTotalMass); err != nil {
		return err
	}
	if v, ok := a.str("meshdir"); ok {
		c.meshdir = v
	}
	if v, ok := a.str("coordinate"); ok && v != "local" {
		return errAt(n, "coordinate", "%q is not supported: only local coordinates (MuJoCo removed global)", v)
	}
	return nil
}

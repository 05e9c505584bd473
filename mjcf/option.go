package mjcf

// shapingFlags are the <option><flag> switches that, set to "disable", remove something
// the graph keeps: the value says what. Disabling one is reported rather than applied.
var shapingFlags = map[string]string{
	"constraint":   "loop cuts, couplings and joint limits",
	"equality":     "loop cuts and couplings",
	"limit":        "joint limits",
	"frictionloss": "joint friction",
	"passive":      "joint damping",
	"damper":       "joint damping",
	"actuation":    "actuator ports",
}

// readOption applies one <option> element: only gravity (and its disable flag) has a
// CMG counterpart. Other flags that shape the mechanism are reported when disabled.
func (b *builder) readOption(n *node) error {
	b.checkAttrs(n, "option")
	a := ownAttrs(n)
	g, err := a.vec3("gravity", b.gravity)
	if err != nil {
		return err
	}
	b.gravity = g
	for _, c := range n.Children {
		if c.Tag != "flag" {
			b.warn(c, "unknown element in <option>; ignored")
			continue
		}
		b.checkAttrs(c, "option/flag")
		fa := ownAttrs(c)
		for _, x := range c.Attrs {
			k := x.Name.Local
			what, shaping := shapingFlags[k]
			if x.Name.Space != "" || (k != "gravity" && !shaping) {
				continue
			}
			v, err := fa.oneOf(k, "enable", "enable", "disable")
			if err != nil {
				return err
			}
			switch {
			case v != "disable":
			case k == "gravity":
				b.gravityOff = true
			default:
				b.warn(c, "%s=\"disable\" is not imported: the graph keeps the model's %s", k, what)
			}
		}
	}
	return nil
}

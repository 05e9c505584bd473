package mjcf

// readOption applies one <option> element: only gravity (and its disable flag) has a
// CMG counterpart.
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
		fa := ownAttrs(c)
		v, err := fa.oneOf("gravity", "enable", "enable", "disable")
		if err != nil {
			return err
		}
		if v == "disable" {
			b.gravityOff = true
		}
	}
	return nil
}

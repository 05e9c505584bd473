package urdf

import (
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// checkLink reports unknown attributes and children of a link.
func (b *builder) checkLink(n *node, name string) {
	rec := linkRecord(name)
	b.checkAttrs(n, rec, "link")
	b.checkChildren(n, rec, "inertial", "visual", "collision")
}

// readLink converts a <link> into a CMG body. The inertial origin places the centre of
// mass (xyz) and the axes (rpy) in which the inertia tensor is given; URDF's ixx…izz are
// the tensor's elements (ixy is I₁₂, not its negative), so the body-frame inertia about
// the centre of mass is R·I·Rᵀ. A link without <inertial> is massless.
func (b *builder) readLink(n *node, name string) (cmg.Body, error) {
	rec := linkRecord(name)
	b.checkLink(n, name)
	body := cmg.Body{ID: name}
	in := n.Child("inertial")
	if in == nil {
		return body, nil
	}
	b.checkChildren(in, rec, "origin", "mass", "inertia")
	X, err := b.origin(in, rec)
	if err != nil {
		return body, err
	}
	m := in.Child("mass")
	if m == nil {
		return body, b.errf(in, rec, "", "<mass> is required in <inertial>")
	}
	if _, ok := m.Attr("value"); !ok {
		return body, b.errf(m, rec, "value", "required attribute missing")
	}
	if body.Mass, err = b.float(m, rec, "value", 0); err != nil {
		return body, err
	}
	if body.Mass < 0 {
		return body, b.errf(m, rec, "value", "negative mass %g", body.Mass)
	}
	it := in.Child("inertia")
	if it == nil {
		return body, b.errf(in, rec, "", "<inertia> is required in <inertial>")
	}
	var v [6]float64
	for i, k := range []string{"ixx", "ixy", "ixz", "iyy", "iyz", "izz"} {
		if _, ok := it.Attr(k); !ok {
			return body, b.errf(it, rec, k, "required attribute missing")
		}
		if v[i], err = b.float(it, rec, k, 0); err != nil {
			return body, err
		}
	}
	I := spatial.Mat3{{v[0], v[1], v[2]}, {v[1], v[3], v[4]}, {v[2], v[4], v[5]}}
	I = X.R.Mul(I).Mul(X.R.T())
	body.COM = [3]float64(X.P)
	body.Inertia = [6]float64{I[0][0], I[1][1], I[2][2], I[0][1], I[0][2], I[1][2]}
	return body, nil
}

package urdf

import (
	"sort"
	"strings"

	"github.com/robocompiler/robocompiler/internal/xmltree"
)

// specs lists, per element, the attributes the importer reads or deliberately ignores;
// any other attribute draws a warning. Joint effort and velocity limits, calibration
// and safety-controller settings are ignored by design: CMG joints carry position limits
// only (actuator limits belong to actuator ports, which URDF does not describe).
var specs = map[string]string{
	"robot":             "name version",
	"link":              "name type",
	"inertial":          "",
	"origin":            "xyz rpy",
	"mass":              "value",
	"inertia":           "ixx ixy ixz iyy iyz izz",
	"joint":             "name type",
	"parent":            "link",
	"child":             "link",
	"axis":              "xyz",
	"limit":             "lower upper effort velocity",
	"dynamics":          "damping friction",
	"mimic":             "joint multiplier offset",
	"calibration":       "rising falling reference_position",
	"safety_controller": "soft_lower_limit soft_upper_limit k_position k_velocity",
}

// checkAttrs warns about attributes of n (an element of kind key) that are neither read
// nor deliberately ignored; namespace declarations are accepted.
func (b *builder) checkAttrs(n *node, record, key string) {
	known := " " + specs[key] + " "
	var unknown []string
	for _, a := range n.Attrs {
		if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
			continue
		}
		q := xmltree.Qualified(a.Name)
		if !strings.Contains(known, " "+q+" ") {
			unknown = append(unknown, q)
		}
	}
	sort.Strings(unknown)
	for _, u := range unknown {
		b.warn(n, record, "attribute %q is not imported; ignored", u)
	}
}

// checkChildren warns about child elements of n whose tags are not in allowed, and
// checks the attributes of those that are.
func (b *builder) checkChildren(n *node, record string, allowed ...string) {
	for _, c := range n.Children {
		ok := false
		for _, a := range allowed {
			ok = ok || c.Tag == a
		}
		if !ok {
			b.warn(c, record, "unknown element in <%s>; ignored", n.Tag)
			continue
		}
		if _, has := specs[c.Tag]; has {
			b.checkAttrs(c, record, c.Tag)
		}
	}
}

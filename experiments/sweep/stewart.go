package sweep

import (
	"math"
	"sort"

	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/spatial"
)

// StewartFields are the fields of the built-in Stewart geometry a parameter may set
// (robots.StewartParams, starting from robots.DefaultStewartParams):
//
//   - base_radius, platform_radius: radius of the base and platform anchor circles, m
//     (the anchors keep their angles)
//   - height: nominal platform height above the base, m
//   - payload_mass: payload mass, kg (its inertia scales with it: the same 0.3 m cube)
//   - platform_mass: platform mass, kg (its inertia scales with it)
//   - stroke_min, stroke_max: leg length limits, m
//   - effort: actuator force limit, ±N
//   - universal_limit: base universal joint limit, ±rad
var StewartFields = map[string]func(p *robots.StewartParams, x float64){
	"base_radius":     func(p *robots.StewartParams, x float64) { scaleRadius(&p.BaseAnchors, x) },
	"platform_radius": func(p *robots.StewartParams, x float64) { scaleRadius(&p.PlatformAnchors, x) },
	"height":          func(p *robots.StewartParams, x float64) { p.Height = x },
	"payload_mass": func(p *robots.StewartParams, x float64) {
		scaleInertia(&p.PayloadInertia, x/p.PayloadMass)
		p.PayloadMass = x
	},
	"platform_mass": func(p *robots.StewartParams, x float64) {
		scaleInertia(&p.PlatformInertia, x/p.PlatformMass)
		p.PlatformMass = x
	},
	"stroke_min":      func(p *robots.StewartParams, x float64) { p.Stroke[0] = x },
	"stroke_max":      func(p *robots.StewartParams, x float64) { p.Stroke[1] = x },
	"effort":          func(p *robots.StewartParams, x float64) { p.Effort = x },
	"universal_limit": func(p *robots.StewartParams, x float64) { p.UniversalLimit = x },
}

// stewartFieldNames returns the keys of StewartFields, sorted.
func stewartFieldNames() []string {
	out := make([]string, 0, len(StewartFields))
	for k := range StewartFields {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// scaleRadius moves the anchors (all on one circle about the z axis) radially onto the
// circle of radius r, keeping their angles and heights.
func scaleRadius(anchors *[6]spatial.Vec3, r float64) {
	for i := range anchors {
		a := &anchors[i]
		k := r / math.Hypot(a[0], a[1])
		a[0] *= k
		a[1] *= k
	}
}

// scaleInertia multiplies a central inertia by k (the same shape with k times the mass).
func scaleInertia(in *[6]float64, k float64) {
	for i := range in {
		in[i] *= k
	}
}

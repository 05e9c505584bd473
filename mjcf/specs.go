package mjcf

import (
	"sort"
	"strings"

	"github.com/robocompiler/robocompiler/internal/xmltree"
)

// attrSpec declares the attributes of one element kind: those the importer reads and
// those it accepts silently because they only shape contacts, the solver, rendering or
// bookkeeping and have no counterpart among the physical records of a CMG. Any other
// attribute draws a warning naming the file, line, element and attribute.
type attrSpec struct {
	used    string
	ignored string
}

// orientationAttrs are MuJoCo's alternative orientation specifiers.
const orientationAttrs = " quat axisangle euler xyaxes zaxis "

// actuatorUsed are the attributes read from all actuator elements (general and its shortcuts).
const actuatorUsed = "name class joint jointinparent tendon site refsite body cranksite slidersite gear " +
	"ctrllimited ctrlrange forcelimited forcerange gaintype gainprm biastype biasprm dyntype kp kv inheritrange"

// actuatorIgnored are actuator attributes that shape activation dynamics or bookkeeping.
const actuatorIgnored = "group user dynprm actearly actdim actlimited actrange lengthrange timeconst dampratio " +
	"cranklength area diameter bias force scale lmin lmax vmax fpmax fvmax tausmooth gain nsample interp delay"

// specs maps an element kind to its attribute declaration. Keys are tags, or
// "parent/tag" where the same tag means different things in different places.
var specs = map[string]attrSpec{
	"mujoco":  {used: "model"},
	"include": {used: "file"},
	"default": {used: "class"},
	"compiler": {
		used: "angle eulerseq autolimits inertiafromgeom inertiagrouprange boundmass boundinertia settotalmass coordinate",
		ignored: "meshdir texturedir assetdir discardvisual convexhull usethread strippath alignfree " +
			"exactmeshinertia fitaabb saveinertial maxhullvert",
	},
	"option": {
		used: "gravity",
		ignored: "timestep apirate impratio tolerance ls_tolerance noslip_tolerance ccd_tolerance " +
			"wind magnetic density viscosity o_margin o_solref o_solimp o_friction integrator cone jacobian " +
			"solver iterations ls_iterations noslip_iterations ccd_iterations sdf_iterations sdf_initpoints " +
			"actuatorgroupdisable collision sleep_tolerance",
	},
	"option/flag": {
		used: "gravity constraint equality limit frictionloss passive damper actuation",
		ignored: "clampctrl warmstart filterparent contact midphase nativeccd multiccd island sleep override " +
			"energy fwdinv invdiscrete autoreset eulerdamp refsafe sensor spring",
	},
	"body":     {used: "name childclass pos mocap" + orientationAttrs, ignored: "user"},
	"frame":    {used: "name childclass pos" + orientationAttrs},
	"inertial": {used: "pos mass diaginertia fullinertia" + orientationAttrs},
	"joint": {
		used: "name class type pos axis limited range ref armature damping frictionloss",
		ignored: "group solreflimit solimplimit solreffriction solimpfriction margin user springref " +
			"actuatorfrclimited",
	},
	"freejoint": {used: "name", ignored: "group align"},
	"geom": {
		used: "name class type size fromto pos mass density group shellinertia" + orientationAttrs,
		ignored: "contype conaffinity condim priority friction solmix solref solimp margin gap material rgba " +
			"hfield mesh fitscale user fluidshape fluidcoef",
	},
	"site":             {used: "name class pos" + orientationAttrs, ignored: "type size material rgba group user"},
	"equality/connect": {used: "name class active body1 body2 anchor site1 site2", ignored: "solref solimp"},
	"equality/weld":    {used: "name class active body1 body2 anchor relpose site1 site2", ignored: "solref solimp torquescale"},
	"equality/joint":   {used: "name class active joint1 joint2 polycoef", ignored: "solref solimp"},
	"tendon/fixed":     {used: "name class damping frictionloss", ignored: "group rgba material width solreflimit solimplimit solreffriction solimpfriction margin user"},
	"fixed/joint":      {used: "joint coef"},
	"actuator":         {used: actuatorUsed, ignored: actuatorIgnored},
	"keyframe/key":     {used: "name qpos", ignored: "time qvel act ctrl mpos mquat"},
	"default/equality": {used: "active", ignored: "solref solimp torquescale polycoef anchor relpose"},
}

// specSets caches the parsed attribute sets of specs.
var specSets = func() map[string][2]map[string]bool {
	out := make(map[string][2]map[string]bool, len(specs))
	for k, s := range specs {
		out[k] = [2]map[string]bool{wordSet(s.used), wordSet(s.ignored)}
	}
	// defaults accept what the elements they configure accept.
	for _, k := range []string{"joint", "geom", "site", "actuator"} {
		out["default/"+k] = out[k]
	}
	out["default/tendon"] = out["tendon/fixed"]
	return out
}()

// wordSet splits a space-separated list into a set.
func wordSet(s string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// checkAttrs warns about every attribute of n that spec key neither reads nor
// deliberately ignores.
func (b *builder) checkAttrs(n *node, key string) {
	sets, ok := specSets[key]
	if !ok {
		return
	}
	var unknown []string
	for _, a := range n.Attrs {
		q := xmltree.Qualified(a.Name)
		if !sets[0][q] && !sets[1][q] {
			unknown = append(unknown, q)
		}
	}
	if len(unknown) == 0 {
		return
	}
	sort.Strings(unknown)
	for _, u := range unknown {
		b.warn(n, "attribute %q is not imported (no CMG counterpart); ignored", u)
	}
}

package cmg

// checkHeader checks the schema version.
func (v *validator) checkHeader() {
	switch v.g.Schema {
	case SchemaVersion:
	case "":
		v.report([]any{"schema"}, "missing schema version; set \"schema\": %q", SchemaVersion)
	default:
		v.report([]any{"schema"}, "unknown schema version %q; this version of robocompiler reads %q", v.g.Schema, SchemaVersion)
	}
}

// checkTuning checks the non-negative solver settings: branch window and scales.
func (v *validator) checkTuning() {
	nonNeg := func(path []any, x float64, unit string) {
		if x < 0 {
			v.report(path, "must be >= 0 %s (0 means the default), got %g", unit, x)
		}
	}
	if w := v.g.BranchWindow; w != nil {
		nonNeg([]any{"branch_window", "revolute_rad"}, w.RevoluteRad, "rad")
		nonNeg([]any{"branch_window", "prismatic_m"}, w.PrismaticM, "m")
	}
	if s := v.g.Scales; s != nil {
		nonNeg([]any{"scales", "length_m"}, s.LengthM, "m")
		nonNeg([]any{"scales", "angle_rad"}, s.AngleRad, "rad")
	}
}

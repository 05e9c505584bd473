// Package sweep runs design and scenario sweeps: a sweep file (YAML, docs/sweep-format.md,
// schema.json) names a base model, the parameters to vary (record fields, the built-in
// Stewart geometry, the built-in variant generators; lists, ranges and seeded random
// draws) and the steps to run on every variant (compile, assemble, check, simulate,
// bench). Expand lists the variants deterministically — the same list on every
// machine — and RunShard evaluates shard I of N (the variants whose index is I mod N),
// writing one JSON line per variant, atomically and byte-identically on a rerun. Merge
// checks that every variant is present exactly once and writes the combined table (JSON
// Lines and CSV) and summary plots.
//
// It is an application of the library (like experiments/tasks, which it runs for the
// simulate step): no library package imports it.
package sweep

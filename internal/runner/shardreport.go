package runner

import (
	"encoding/hex"
	"hash/fnv"

	"github.com/stateharness/scenario/internal/report"
)

// ShardFixes are check's fix: commands for the whole suite, which a
// shard's part for report merge carries.
type ShardFixes = report.ShardFixes

// shardFile is the run's part for report merge (--format shard:FILE):
// each case with its place in the whole suite, and check's findings.
func (s *settings) shardFile(model *report.Run, res *Result, check *report.GoldenCheck) *report.ShardFile {
	units := s.suite
	if units == nil {
		// parsed late: the index holds the whole suite
		units = ShardUnits(res.Index.Order)
	}
	at := make(map[string]int, len(units)) // by suite key
	h := fnv.New128a()
	for i, u := range units {
		at[u.Scenario.Key()] = i
		h.Write([]byte(u.Feature + "\x00" + u.Name + "\x00"))
	}
	ordinal := func(k *report.Case) int { return at[k.Scenario.Key()] }
	f := report.NewShardFile(model, s.shard.String(), hex.EncodeToString(h.Sum(nil)), len(units), ordinal, res.Skips, check)
	f.Status = res.Status
	f.Owners = res.Goldens.Owners()
	if f.Check != nil {
		f.Check.Skipped, f.Check.AllowSkips = res.Skipped(), s.cfg.AllowSkips
		f.Check.Fix = s.cfg.MergeFix
	}
	return f
}

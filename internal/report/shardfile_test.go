package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// validShard is a one-case shard file as a shard of scenario check writes it.
const validShard = `{"format":"scenario-shard/1","shard":"1/1","suite":"s","units":1,
"cases":[{"ordinal":0,"key":"features/a.feature:3","junit":{"feature":"features/a.feature","featureName":"A",
"case":{"name":"one","status":"passed"}},"html":{"name":"one"}}],
"check":{"problems":[{"Path":"g/a.json","Kind":"stale","Message":"stale","Pos":{"File":"features/a.feature","Line":3}}],"fix":{}}}`

// TestReadShardFileRefusesMalformedFiles: a shard file that is not JSON
// or lacks what the merge reads is an error naming the file, the place
// (line, or JSON path) and what was expected, never a panic later on.
func TestReadShardFileRefusesMalformedFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if _, err := ReadShardFile(write("ok.json", validShard)); err != nil {
		t.Fatalf("valid shard file: %v", err)
	}
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"syntax", "{\"format\":\"scenario-shard/1\",\n\"shard\": 1/2}", []string{"syntax.json:2", "invalid character"}},
		{"type", `{"format":"scenario-shard/1","shard":"1/1","units":"two"}`, []string{"type.json", "units", "int", "string"}},
		{"version", `{"format":"scenario-shard/9","shard":"1/1"}`, []string{"version.json", "scenario-shard/9", "scenario-shard/1"}},
		{"shard", strings.Replace(validShard, `"1/1"`, `"1/2x"`, 1), []string{"shard.json", "shard", `"1/2x"`, "K/N"}},
		{"nocase", strings.Replace(validShard, `"case":{"name":"one","status":"passed"}`, `"case":null`, 1), []string{"nocase.json", "cases[0].junit.case", "missing"}},
		{"kind", strings.Replace(validShard, `"Kind":"stale"`, `"Kind":"orphan"`, 1), []string{"kind.json", "check.problems[0].Kind", `"orphan"`, "missing or stale"}},
	} {
		_, err := ReadShardFile(write(c.name+".json", c.text))
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not say %q", c.name, err, w)
			}
		}
	}
}

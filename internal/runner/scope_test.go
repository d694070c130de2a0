package runner

import "testing"

func TestCheckTags(t *testing.T) {
	for expr, ok := range map[string]bool{
		"":            true,
		"@smoke":      true,
		"~@slow":      true,
		"@a && ~@b":   true,
		"@a,@b && @c": true,
		"@a&&":        false,
		"smoke":       false,
		"@a || @b":    false,
		"@a && ,@b":   false,
		"@a @b":       false,
		"~~@a":        false,
		"@":           false,
	} {
		if err := checkTags(expr); (err == nil) != ok {
			t.Errorf("checkTags(%q) = %v, want ok %v", expr, err, ok)
		}
	}
}

func TestGoldenScope(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		dirs []string
		ok   bool
	}{
		{Config{}, []string{"golden"}, true},
		{Config{Paths: []string{"features"}}, []string{"golden"}, true},
		{Config{Paths: []string{"features/"}}, []string{"golden"}, true},
		{Config{Paths: []string{"features/a"}}, []string{"golden/a"}, true},
		{Config{Paths: []string{"features/a/x.feature"}}, []string{"golden/a/x"}, true},
		{Config{Paths: []string{"features/a/x.feature:12"}}, nil, false},
		{Config{Tags: "@a"}, nil, false},
		{Config{Shard: "1/2"}, nil, false},
		{Config{Paths: []string{"elsewhere/x.feature"}}, nil, false},
	} {
		dirs, ok := tc.cfg.goldenScope()
		if ok != tc.ok || len(dirs) != len(tc.dirs) || (ok && dirs[0] != tc.dirs[0]) {
			t.Errorf("%+v: goldenScope = %v, %v; want %v, %v", tc.cfg, dirs, ok, tc.dirs, tc.ok)
		}
	}
}

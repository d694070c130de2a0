package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/internal/goldenfile"
)

// A hint is a command the CLI prints for the user to paste (a check's
// `fix:`, the command that accepts a golden change): it is spelled the way
// this binary was started and repeats the flags of the run that matter to
// it, so that pasted in the same directory it runs the same scenarios on
// the same runtimes.

// hintFlags are the flags of a run that a hint repeats.
type hintFlags struct {
	self             string // the binary, as selfName spells it
	root             string // --root as given; empty when the root was found
	profile, runtime string
	runtimeTimeout   string // a scenario whose real node is slow passes only with it
	python           string
	tags, shard      string
	shardTimings     string
	allowSkips       bool
	cwdRoot          string   // the suite root relative to the current directory
	paths            []string // the run's paths as given on the command line
}

func newHintFlags(f flags, rawPaths []string) hintFlags {
	h := hintFlags{self: selfName(), profile: f.profile, runtime: f.runtime, runtimeTimeout: f.runtimeTimeout, python: f.python, tags: f.tags, shard: f.shard, shardTimings: f.shardTimings,
		allowSkips: f.allowSkips, cwdRoot: f.root, paths: rawPaths}
	if f.rootSet {
		h.root = f.root
	}
	return h
}

// command is `<self> <sub>` with the run's flags; selection adds --tags and
// --shard, which choose the same scenarios again.
func (h hintFlags) command(sub string, selection bool) string {
	b := h.self + " " + sub
	add := func(flag, v string) {
		if v != "" {
			b += " " + flag + " " + quote(v)
		}
	}
	add("--root", h.root)
	add("--profile", h.profile)
	add("--runtime", h.runtime)
	add("--runtime-timeout", h.runtimeTimeout)
	add("--python", h.python)
	if selection {
		add("--tags", h.tags)
		add("--shard", h.shard)
		if h.shard != "" {
			add("--shard-timings", h.shardTimings)
		}
	}
	if h.allowSkips && sub != "prune" {
		b += " --allow-skips"
	}
	return b
}

// withPaths is command with the run's own paths.
func (h hintFlags) withPaths(sub string, selection bool) string {
	b := h.command(sub, selection)
	for _, p := range h.paths {
		b += " " + quote(p)
	}
	return b
}

// scenario is the path of one scenario, file.feature:LINE, as a pasted
// command reads it: from the root when --root was given and the current
// directory holds no file of that name, else from the current directory.
func (h hintFlags) scenario(s goldenfile.Scenario) string {
	p := filepath.FromSlash(s.Feature)
	if _, err := os.Stat(p); h.root == "" || err == nil {
		p = filepath.Join(filepath.FromSlash(h.cwdRoot), p)
		if cwd, err := os.Getwd(); err == nil && !filepath.IsAbs(p) {
			if rel, err := filepath.Rel(cwd, filepath.Join(cwd, p)); err == nil {
				p = rel
			}
		}
	}
	return filepath.ToSlash(p) + ":" + strconv.Itoa(s.Line)
}

// acceptCommand renders the command that rewrites one scenario's goldens.
func (h hintFlags) acceptCommand() func(goldenfile.Scenario) string {
	return func(s goldenfile.Scenario) string {
		return h.command("update", false) + " " + quote(h.scenario(s))
	}
}

// selfName is how to spell this binary in a command to copy: as it was
// started (scenario from PATH, ./bin/scenario), or, when started by go
// run, go run with the path to this package from the current directory
// (inside this module), else with the module path.
func selfName() string {
	exe := os.Args[0]
	if !strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return quote(exe)
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "go run ./cmd/scenario"
	}
	if info.Main.Version != "" && info.Main.Version != "(devel)" {
		return "go run " + info.Path + "@" + info.Main.Version
	}
	if pkg, ok := packageDir(info.Main.Path, strings.TrimSuffix(info.Path, ".test")); ok {
		return "go run " + pkg
	}
	return "go run " + info.Path
}

// packageDir is the directory of package path pkg of module mod, relative
// to the current directory, when the current directory is inside mod.
func packageDir(mod, pkg string) (string, bool) {
	cwd, err := os.Getwd()
	if err != nil || !strings.HasPrefix(pkg, mod) {
		return "", false
	}
	dir := env.FindUp(cwd, "go.mod")
	if dir == "" {
		return "", false
	}
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !strings.Contains(string(data), "module "+mod+"\n") {
		return "", false
	}
	rel, err := filepath.Rel(cwd, filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(pkg, mod))))
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, ".") {
		rel = "./" + rel
	}
	return rel, true
}

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/env"
)

// What users read speaks for itself: the README, the reference, the
// features (pretty prints their descriptions), the scaffold and the CLI's
// help name no section of the project's internal specification.
func TestUserDocsCiteNoSpec(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := env.FindUp(wd, "go.mod")
	check := func(where, text string) {
		for i, line := range strings.Split(text, "\n") {
			if strings.Contains(line, "SPEC") || strings.Contains(line, "§") {
				t.Errorf("%s:%d cites the specification: %s", where, i+1, strings.TrimSpace(line))
			}
		}
	}
	files := []string{"README.md"}
	for _, dir := range []string{"docs", "features", "cmd/scenario/template"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(root, p)
				files = append(files, rel)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		check(f, string(data))
	}
	for _, cmd := range []string{"run", "update", "check", "prune", "steps", "init", "version"} {
		r := runCLI(t, cmd, "--help")
		check("scenario "+cmd+" --help", r.all())
	}
	check("scenario --help", runCLI(t, "--help").all())
	check("scenario steps", runCLI(t, "steps").all())
}

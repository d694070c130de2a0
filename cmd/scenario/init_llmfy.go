package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// pythonDependencyFiles are the files of a Python project that name its packages.
var pythonDependencyFiles = []string{"requirements.txt", "requirements.in", "pyproject.toml", "setup.py", "setup.cfg", "Pipfile"}

// requirement matches a package name where a requirement starts: at the
// start of a requirements line, in a quoted PEP 508 string, or as a key of
// Poetry's and Pipenv's dependency tables; group 1 is the name.
var requirement = regexp.MustCompile(`(?m)(?:^\s*|["'])([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:[=<>~!;@"',]|\s*$)`)

// pythonProfile is the profile of the Python project whose files are in
// dir: llmfy when it depends on llmfy and not on LangGraph (its agents are
// llmfy flows), else langgraph-py.
func pythonProfile(dir string) string {
	names := map[string]bool{}
	for _, f := range pythonDependencyFiles {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if i := strings.Index(line, "#"); i >= 0 {
				line = line[:i]
			}
			for _, m := range requirement.FindAllStringSubmatch(line, -1) {
				names[normalName(m[1])] = true
			}
		}
	}
	if names["llmfy"] && !names["langgraph"] {
		return "llmfy"
	}
	return "langgraph-py"
}

// normalName is a package name as PEP 503 compares them.
func normalName(name string) string {
	return strings.ToLower(regexp.MustCompile(`[-_.]+`).ReplaceAllString(name, "-"))
}

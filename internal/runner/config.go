package runner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/stateharness/scenario/internal/filekind"
	"gopkg.in/yaml.v3"
)

// ConfigFile is the name of the optional suite configuration at the root.
const ConfigFile = "scenario.yaml"

// FileConfig is scenario.yaml: defaults that flags and Options override.
type FileConfig struct {
	Profile  string `yaml:"profile"`
	Features string `yaml:"features"`
	Golden   string `yaml:"golden"`
	// Scenarios names where reusable inputs live; steps name files from the
	// suite root, so it documents the suite and changes nothing.
	Scenarios string `yaml:"scenarios"`
	Format    string `yaml:"format"`
	IDPrefix  string `yaml:"id_prefix"`
	// Runtime runs the commits: builtin, langgraph-js, or both side by side
	// (builtin,langgraph-js).
	Runtime string `yaml:"runtime"`
	// Python is the interpreter of the Python runtimes (langgraph-py), a
	// path relative to the suite root or a name on PATH; empty: the
	// suite's .venv, else python3 on PATH.
	Python string `yaml:"python"`
	// Graph is the suite's own LangGraph JS graph, "<module>:<export>",
	// for scenarios that name none (they then need langgraph-js).
	Graph string `yaml:"graph"`
	// RuntimeTimeout bounds each request to a runtime process ("90s",
	// "2m"); 0 is the runtime's default, 30s.
	RuntimeTimeout Duration `yaml:"runtime_timeout"`
}

// Duration is a positive duration written as Go writes one: 90s, 2m,
// 1m30s.
type Duration time.Duration

// UnmarshalYAML reads a duration, naming the line of a bad one.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := ParseTimeout(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		return fmt.Errorf("line %d: runtime_timeout: %q is not a duration: write it as 90s, 2m or 1m30s", n.Line, n.Value)
	}
	*d = Duration(v)
	return nil
}

// ParseTimeout reads a positive duration: 90s, 2m, 1m30s.
func ParseTimeout(s string) (time.Duration, error) {
	v, err := time.ParseDuration(s)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("%q is not a positive duration such as 90s, 2m or 1m30s", s)
	}
	return v, nil
}

// unknownField is how yaml.v3 words an unknown key, without its Go type.
var unknownField = regexp.MustCompile(`field (\S+) not found`)

// ReadConfigFile reads scenario.yaml under root; a missing file is the zero
// config, an unknown key or a bad value is an error naming the file.
func ReadConfigFile(root string) (FileConfig, error) {
	var fc FileConfig
	path := filepath.Join(root, ConfigFile)
	if err := filekind.RegularPath(path, ConfigFile, "a YAML file"); err != nil {
		return fc, err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fc, nil
	}
	if err != nil {
		return fc, fmt.Errorf("%s: %v", ConfigFile, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&fc); err != nil && !errors.Is(err, io.EOF) {
		msg := strings.ReplaceAll(err.Error(), " in type runner.FileConfig", "")
		msg = unknownField.ReplaceAllString(msg, "unknown key $1")
		return fc, fmt.Errorf("%s: %s (known keys: %s)", ConfigFile, msg, strings.Join(KnownKeys(), ", "))
	}
	return fc, nil
}

// KnownKeys are scenario.yaml's keys, read off FileConfig's tags so that a
// key added there is listed in the error for an unknown one.
func KnownKeys() []string {
	t := reflect.TypeFor[FileConfig]()
	keys := make([]string, 0, t.NumField())
	for f := range t.Fields() {
		if k, _, _ := strings.Cut(f.Tag.Get("yaml"), ","); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	return keys
}

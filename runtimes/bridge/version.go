package bridge

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// Version is one thing a program runs on, as its ready line names it.
type Version struct {
	Name    string // "@langchain/langgraph", "node"
	Version string // "1.7.3", "v20.11.0"
}

// Versions are what a program reported running on, in the order it
// reported them.
type Versions []Version

// Get is the version of name, or "".
func (vs Versions) Get(name string) string {
	for _, v := range vs {
		if v.Name == name {
			return v.Version
		}
	}
	return ""
}

// String is "@langchain/langgraph 1.7.3, @langchain/core 1.4.0, node v20.11.0".
func (vs Versions) String() string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.Name + " " + v.Version
	}
	return strings.Join(parts, ", ")
}

// readVersions reads the object of a ready line, keeping its order.
func readVersions(raw json.RawMessage) (Versions, error) {
	d := json.NewDecoder(strings.NewReader(string(raw)))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("ready is not an object")
	}
	vs := Versions{}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, err
		}
		var v string
		if err := d.Decode(&v); err != nil {
			return nil, fmt.Errorf("the version of %v is not a string", k)
		}
		vs = append(vs, Version{Name: k.(string), Version: v})
	}
	return vs, nil
}

// CommandVersion runs path with args (such as --version) and returns what
// it printed, trimmed; a program that takes longer than timeout is killed.
func CommandVersion(path string, timeout time.Duration, args ...string) (string, error) {
	cmd := exec.Command(path, args...)
	done := make(chan struct{})
	timer := time.AfterFunc(timeout, func() {
		select {
		case <-done:
		default:
			if cmd.Process != nil {
				cmd.Process.Kill()
			}
		}
	})
	out, err := cmd.Output()
	close(done)
	timer.Stop()
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

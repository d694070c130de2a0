// Package browser drives headless Chromium for the HTML report's tests and
// benchmarks: the DOM of a page after its scripts ran, and a screenshot.
package browser

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// RequireEnv names the variable that makes a missing Chromium a failure
// rather than a skip (CI sets it).
const RequireEnv = "SCENARIO_REQUIRE_CHROMIUM"

// Find returns the Chromium binary: $CHROMIUM, else chromium or
// chromium-browser on PATH; "" when there is none.
func Find() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Require returns the Chromium binary for a test, or skips it naming what
// to install; under SCENARIO_REQUIRE_CHROMIUM=1 a missing one fails it.
func Require(t testing.TB) string {
	t.Helper()
	bin := Find()
	if bin == "" {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("no chromium on PATH and %s=1", RequireEnv)
		}
		t.Skip("no chromium on PATH (apt-get install chromium); " + RequireEnv + "=1 makes this a failure")
	}
	return bin
}

// Chromium is one headless browser binary with its own profile directory.
type Chromium struct {
	Bin string
	Dir string // profile directory, removed by nothing here
	// Budget is the virtual time the page gets to run its scripts and
	// timers before the dump (default 5s); negative: none, the page runs
	// in real time (to measure it) and is dumped once loaded.
	Budget time.Duration
}

func (c *Chromium) run(ctx context.Context, extra ...string) ([]byte, error) {
	budget := c.Budget
	if budget == 0 {
		budget = 5 * time.Second
	}
	args := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio",
		"--user-data-dir=" + filepath.Join(c.Dir, "profile"),
	}
	if budget > 0 {
		args = append(args, fmt.Sprintf("--virtual-time-budget=%d", budget.Milliseconds()))
	}
	cmd := exec.CommandContext(ctx, c.Bin, append(args, extra...)...)
	var stderr limited
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s: %v\n%s", c.Bin, err, stderr.b)
	}
	return out, nil
}

// DumpDOM loads url and returns the DOM once its scripts have run.
func (c *Chromium) DumpDOM(ctx context.Context, url string) (string, error) {
	out, err := c.run(ctx, "--dump-dom", url)
	return string(out), err
}

// Screenshot loads url in a window of width × height and saves a PNG.
func (c *Chromium) Screenshot(ctx context.Context, url, file string, width, height int) error {
	_, err := c.run(ctx, "--screenshot="+file, fmt.Sprintf("--window-size=%d,%d", width, height), url)
	if err != nil {
		return err
	}
	if _, err := os.Stat(file); err != nil {
		return fmt.Errorf("chromium wrote no screenshot: %v", err)
	}
	return nil
}

// limited keeps the first 8 KiB written to it (Chromium's stderr).
type limited struct{ b []byte }

func (l *limited) Write(p []byte) (int, error) {
	if room := 8<<10 - len(l.b); room > 0 {
		l.b = append(l.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

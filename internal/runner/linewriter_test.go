package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// A run's output to a file is the same bytes as to any other writer, where
// godog's writes pass at once: only how many writes carry them changes.
func TestOutputToAFileIsTheSameBytes(t *testing.T) {
	root := t.TempDir()
	var b strings.Builder
	b.WriteString("Feature: Many steps\n")
	for i := range 30 {
		b.WriteString("\n  Scenario: turn " + string(rune('a'+i%26)) + strings.Repeat("x", i) + "\n")
		b.WriteString("    Given the input state:\n      \"\"\"json\n      {\"status\": \"new\"}\n      \"\"\"\n")
		b.WriteString("    When node \"plan\" returns:\n      \"\"\"json\n      {\"status\": \"planned\"}\n      \"\"\"\n")
		if i == 7 {
			b.WriteString("    Then field \"status\" should equal \"done\"\n") // fails: the summary lists it
		} else {
			b.WriteString("    Then field \"status\" should equal \"planned\"\n")
		}
	}
	writeSuite(t, root, map[string]string{"features/many.feature": b.String()})
	duration := regexp.MustCompile(`(?m)^[0-9.]+(m[0-9.]+)?[mµn]?s$`)
	run := func(out interface{ Write([]byte) (int, error) }) {
		t.Helper()
		if _, err := Run(Config{Root: root, Format: "progress", NoColor: true, Output: out}); err != nil {
			t.Fatal(err)
		}
	}
	var want bytes.Buffer
	run(&want)
	f, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	run(f)
	f.Close()
	got, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(want.String(), "Failed steps:") || strings.Count(want.String(), ".") < 80 {
		t.Fatalf("the run did not print what the test expects:\n%s", want.String())
	}
	if g, w := duration.ReplaceAll(got, nil), duration.ReplaceAll(want.Bytes(), nil); !bytes.Equal(g, w) {
		t.Errorf("output to a file:\n%s\nwant, as to a buffer:\n%s", g, w)
	}
}

// What a line has so far reaches the file without the line's end, within
// flushAfter: a log read as it grows shows each step soon after it ran.
func TestLineWriterPassesAPartLineOn(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, flush := outputFor(f)
	if _, ok := w.(*lineWriter); !ok {
		t.Fatalf("output to a file is a %T, want a *lineWriter", w)
	}
	w.Write([]byte("..."))
	if data, _ := os.ReadFile(f.Name()); len(data) != 0 {
		t.Errorf("the file holds %q at once; want the dots held for a while", data)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, _ := os.ReadFile(f.Name())
		if string(data) == "..." {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10s the file holds %q, want %q", data, "...")
		}
		time.Sleep(10 * time.Millisecond)
	}
	w.Write([]byte(". 4\n.."))
	if data, _ := os.ReadFile(f.Name()); string(data) != ".... 4\n.." {
		t.Errorf("after a line's end the file holds %q, want %q", data, ".... 4\n..")
	}
	w.Write([]byte("."))
	flush()
	if data, _ := os.ReadFile(f.Name()); string(data) != ".... 4\n..." {
		t.Errorf("after flush the file holds %q, want %q", data, ".... 4\n...")
	}
}

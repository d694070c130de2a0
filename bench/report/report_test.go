// Package report measures the HTML report (--format html:FILE) on
// generated suites of 1,000 and 10,000 scenarios: its size, the time to
// generate it, and the time headless Chromium takes to make it usable.
//
//	go test -run '^$' -bench . -benchtime 1x ./bench/report/
//
// Each benchmark reports bytes/scenario and MB (the report's size); the
// Run benchmarks compare a run with the report to one without, Write
// times the writing alone, Browser the page's own mark of when its list is
// rendered and its filters work (performance.now(), from navigation start)
// and the whole Chromium process, which skips without chromium.
package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/htmlreport"
	"github.com/stateharness/scenario/internal/htmlreport/browser"
	"github.com/stateharness/scenario/internal/htmlreport/fakesuite"
	"github.com/stateharness/scenario/internal/runner"
)

var sizes = []int{1000, 10000}

// suites are the generated suites by size, with their reports, made once
// per process.
var suites = map[int]*generated{}

type generated struct {
	root, report string
	size         int64
}

func suiteOf(b *testing.B, n int) *generated {
	b.Helper()
	if g, ok := suites[n]; ok {
		return g
	}
	dir, err := os.MkdirTemp("", "report-bench-")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {}) // the suites outlive one benchmark; the OS temp dir holds them
	g := &generated{root: filepath.Join(dir, "suite"), report: filepath.Join(dir, "report.html")}
	if err := fakesuite.Write(g.root, n, 50, 3); err != nil {
		b.Fatal(err)
	}
	if _, err := run(g.root, "progress,html:"+g.report); err != nil {
		b.Fatal(err)
	}
	info, err := os.Stat(g.report)
	if err != nil {
		b.Fatal(err)
	}
	g.size = info.Size()
	suites[n] = g
	return g
}

func run(root, format string) (*runner.Result, error) {
	return runner.Run(runner.Config{
		Root: root, Format: format, Output: io.Discard,
		Accept: func(s goldenfile.Scenario) string { return "scenario update " + s.Feature + ":" + strconv.Itoa(s.Line) },
	})
}

// BenchmarkRun runs the suite with and without the report: the difference
// is what collecting the diffs and writing the page cost.
func BenchmarkRun(b *testing.B) {
	for _, n := range sizes {
		g := suiteOf(b, n)
		for _, format := range []string{"progress", "progress,html:" + filepath.Join(b.TempDir(), "r.html")} {
			name := "plain"
			if format != "progress" {
				name = "html"
			}
			b.Run(fmt.Sprintf("scenarios=%d/%s", n, name), func(b *testing.B) {
				for b.Loop() {
					if _, err := run(g.root, format); err != nil {
						b.Fatal(err)
					}
				}
				if name == "html" {
					reportSize(b, g.size, n)
				}
			})
		}
	}
}

// BenchmarkWrite renders a report already collected.
func BenchmarkWrite(b *testing.B) {
	for _, n := range sizes {
		g := suiteOf(b, n)
		r := readReport(b, g.report)
		b.Run(fmt.Sprintf("scenarios=%d", n), func(b *testing.B) {
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				if err := htmlreport.Write(&out, r); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(out.Len()))
			reportSize(b, int64(out.Len()), n)
		})
	}
}

var readyMark = regexp.MustCompile(`data-ready-ms="([0-9.]+)"`)

// BenchmarkBrowser loads the report in headless Chromium: ms-to-usable is
// the page's own mark, after it parsed its data, rendered every scenario's
// row and applied the address's filter; process-ms the whole browser run,
// start-up included.
func BenchmarkBrowser(b *testing.B) {
	bin := browser.Find()
	if bin == "" {
		b.Skip("no chromium on PATH (apt-get install chromium)")
	}
	for _, n := range sizes {
		g := suiteOf(b, n)
		b.Run(fmt.Sprintf("scenarios=%d", n), func(b *testing.B) {
			c := &browser.Chromium{Bin: bin, Dir: b.TempDir(), Budget: -1}
			var ready, wall float64
			for b.Loop() {
				start := time.Now()
				dom, err := c.DumpDOM(context.Background(), "file://"+g.report+"#status=failed")
				if err != nil {
					b.Fatal(err)
				}
				wall += float64(time.Since(start).Microseconds()) / 1000
				m := readyMark.FindStringSubmatch(dom)
				if m == nil {
					b.Fatal("the page set no data-ready-ms")
				}
				ms, _ := strconv.ParseFloat(m[1], 64)
				ready += ms
			}
			b.ReportMetric(ready/float64(b.N), "ms-to-usable")
			b.ReportMetric(wall/float64(b.N), "process-ms")
			reportSize(b, g.size, n)
		})
	}
}

func reportSize(b *testing.B, size int64, n int) {
	b.ReportMetric(float64(size)/float64(n), "bytes/scenario")
	b.ReportMetric(float64(size)/1e6, "MB")
}

var data = regexp.MustCompile(`(?s)<script type="application/json" id="data">(.*?)</script>`)

func readReport(b *testing.B, file string) *htmlreport.Report {
	page, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	m := data.FindSubmatch(page)
	if m == nil {
		b.Fatalf("%s: no report data", file)
	}
	var r htmlreport.Report
	if err := json.Unmarshal(m[1], &r); err != nil {
		b.Fatal(err)
	}
	return &r
}

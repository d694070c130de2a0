package runner

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/htmlreport"
	"github.com/stateharness/scenario/internal/htmlreport/browser"
	"github.com/stateharness/scenario/internal/htmlreport/fakesuite"
)

func TestSplitHTMLFormat(t *testing.T) {
	// the files are relative to the current directory, where out/ exists
	t.Chdir(t.TempDir())
	if err := os.Mkdir("out", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in, godog string
		files     []string
		err       bool
	}{
		{in: "progress", godog: "progress"},
		{in: "html:r.html", godog: "", files: []string{"r.html"}},
		{in: "progress,html:out/r.html,junit:j.xml", godog: "progress,junit:j.xml", files: []string{"out/r.html"}},
		{in: "html:a.html, html:b.html", godog: "", files: []string{"a.html", "b.html"}},
		{in: "html", err: true},
		{in: "pretty,html:", err: true},
		{in: "html:missing/r.html", err: true},
	} {
		godog, files, err := splitHTMLFormat(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("%q: error %v, want error %v", tc.in, err, tc.err)
			continue
		}
		if godog != tc.godog || !slices.Equal(files, tc.files) {
			t.Errorf("%q: got %q %q, want %q %q", tc.in, godog, files, tc.godog, tc.files)
		}
	}
}

// runReport runs a generated suite with --format html:FILE and returns the
// report file.
func runReport(t testing.TB, n, perFeature, failing int) (string, *Result) {
	t.Helper()
	root := t.TempDir()
	if err := fakesuite.Write(root, n, perFeature, failing); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "report.html")
	res, err := Run(Config{
		Root: root, Format: "progress,html:" + file, Output: io.Discard,
		Accept: func(s goldenfile.Scenario) string { return "scenario update " + s.Feature + ":" + strconv.Itoa(s.Line) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return file, res
}

var reportData = regexp.MustCompile(`(?s)<script type="application/json" id="data">(.*?)</script>`)

// readReport reads the data a report page holds.
func readReport(t *testing.T, file string) (string, *htmlreport.Report) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m := reportData.FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no report data", file)
	}
	var r htmlreport.Report
	if err := json.Unmarshal(m[1], &r); err != nil {
		t.Fatal(err)
	}
	return string(b), &r
}

// TestHTMLReportData: a failing run still writes the report, with every
// scenario, the failures with their codes and golden diffs, and per-step
// diffs of what each commit changed.
func TestHTMLReportData(t *testing.T) {
	file, res := runReport(t, 30, 10, 3)
	if res.Status != 1 {
		t.Fatalf("status %d, want 1 (three scenarios fail)", res.Status)
	}
	page, r := readReport(t, file)
	for _, external := range []string{`src="http`, `href="http`, `url(`, `@import`, `<link`} {
		if strings.Contains(page, external) {
			t.Errorf("the page refers to something outside it: %q", external)
		}
	}
	passed, failed, skipped := r.Counts()
	if passed != 27 || failed != 3 || skipped != 0 {
		t.Fatalf("counts %d passed, %d failed, %d skipped; want 27, 3, 0", passed, failed, skipped)
	}
	if len(r.Features) != 3 || r.Features[0].Name != "Generated feature 1" {
		t.Fatalf("features: %+v", r.Features)
	}
	byName := map[string]htmlreport.Scenario{}
	for _, f := range r.Features {
		for _, s := range f.Scenarios {
			byName[s.Name] = s
		}
	}
	failedStep := func(name string) htmlreport.Step {
		t.Helper()
		s := byName[name]
		if s.Status != htmlreport.Failed {
			t.Fatalf("%q: status %q, want failed", name, s.Status)
		}
		for _, st := range s.Steps {
			if st.Failure != nil {
				return st
			}
		}
		t.Fatalf("%q: no step carries the failure", name)
		return htmlreport.Step{}
	}
	if st := failedStep(fakesuite.FailEngine); st.Failure.Code != "TYPE_MISMATCH" || !strings.HasPrefix(st.Text, `node "agent" returns`) {
		t.Errorf("engine failure on %q with code %q, want the node's step with TYPE_MISMATCH", st.Text, st.Failure.Code)
	}
	g := failedStep(fakesuite.FailGolden).Failure.Golden
	if g == nil || g.File != "golden/gen-002/a-state-that-differs-from-its-golden-file.json" || len(g.Diffs) == 0 || g.Accept == "" {
		t.Errorf("golden failure: %+v", g)
	} else if d := g.Diffs[0]; d.Path != "$.messages[0]" || d.Want != "(absent)" {
		t.Errorf("first golden diff %+v, want $.messages[0] absent in the golden file", d)
	}
	if st := failedStep(fakesuite.FailAssertion); !strings.Contains(st.Failure.Message, "status") {
		t.Errorf("assertion failure %q does not name the field", st.Failure.Message)
	}
	s := byName["turn 2 answers with a tool"]
	if s.Status != htmlreport.Passed || s.FinalState == "" || s.Tags[0] != "@tools" {
		t.Fatalf("a passing scenario: %+v", s)
	}
	tool := s.Steps[3]
	if len(tool.Commits) != 1 || tool.Commits[0].Source != "tool" || tool.Commits[0].Writers[0] != "search" {
		t.Fatalf("the tool step's commits: %+v", tool.Commits)
	}
	// the tool step's events: the tool's result and updates with their
	// data, the values event naming its commit instead of repeating the
	// state
	var types []string
	for _, e := range tool.Events {
		types = append(types, e.Type)
	}
	if !slices.Equal(types, []string{"updates", "values", "tool_result"}) {
		t.Fatalf("the tool step's events %q, want updates, values, tool_result", types)
	}
	if e := tool.Events[1]; e.Commit != 1 || e.Data != nil {
		t.Errorf("the values event %+v, want a reference to commit 1 without data", e)
	}
	if e := tool.Events[2]; string(e.Data) != `{"name":"search","output":"result 1"}` {
		t.Errorf("the tool_result event's data %s", e.Data)
	}
	last := s.Steps[4].Commits[0]
	want := htmlreport.Change{Op: htmlreport.Changed, Path: "$.status", Before: `"searching"`, After: `"done"`, By: []string{"agent"}}
	if !slices.ContainsFunc(last.Changes, func(c htmlreport.Change) bool {
		return c.Op == want.Op && c.Path == want.Path && c.Before == want.Before && c.After == want.After && slices.Equal(c.By, want.By)
	}) {
		t.Errorf("the last commit's changes %+v lack %+v", last.Changes, want)
	}
}

// TestHTMLReportSkip: a scenario a runtime skips is skipped in the report,
// with the reason on the step where the runtime gave up.
func TestHTMLReportSkip(t *testing.T) {
	root := t.TempDir()
	feature := `Feature: Own graph

  Scenario: runs on its own graph
    Given the graph from "graph.mjs:graph"
    And the input state:
      """json
      {"count": 1}
      """
    Then field "count" should equal 1
`
	if err := os.MkdirAll(filepath.Join(root, "features"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "features", "own.feature"), []byte(feature), 0o644); err != nil {
		t.Fatal(err)
	}
	// the built-in runtime cannot load it; its content does not matter
	if err := os.WriteFile(filepath.Join(root, "graph.mjs"), []byte("export const graph = null;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "report.html")
	if _, err := Run(Config{Root: root, Format: "progress,html:" + file, Output: io.Discard}); err != nil {
		t.Fatal(err)
	}
	_, r := readReport(t, file)
	s := r.Features[0].Scenarios[0]
	if s.Status != htmlreport.Skipped {
		t.Fatalf("status %q, want skipped: %+v %+v", s.Status, s.Steps, s.Failure)
	}
	if st := s.Steps[0]; st.Status != htmlreport.Skipped || !strings.Contains(st.Skip, "--runtime langgraph-js") {
		t.Errorf("the graph step: status %q, skip reason %q; want skipped, naming --runtime langgraph-js", st.Status, st.Skip)
	}
	for _, st := range []htmlreport.Step{s.Steps[1], s.Steps[2]} {
		if st.Skip != "" {
			t.Errorf("line %d carries the skip reason too", st.Line)
		}
	}
}

// withScript writes a copy of the report page that runs js once the page's
// own script has run: what a user's clicks would do, for a browser that
// only loads and dumps. It returns the copy's path.
func withScript(t *testing.T, file, js string) string {
	t.Helper()
	page, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.LastIndex(string(page), "</body>")
	if i < 0 {
		t.Fatalf("%s: no </body>", file)
	}
	out := filepath.Join(t.TempDir(), filepath.Base(file))
	b := string(page[:i]) + "<script>" + js + "</script>\n" + string(page[i:])
	if err := os.WriteFile(out, []byte(b), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestHTMLReportInBrowser opens a report of a suite with known failures in
// headless Chromium: the failures show with their causes, a diff shows a
// path with its before and after values, the failures filter of the
// address applies, and a screenshot is saved (SCENARIO_REPORT_ARTIFACTS
// names the directory; else the test's temporary one, logged).
func TestHTMLReportInBrowser(t *testing.T) {
	bin := browser.Require(t)
	file, _ := runReport(t, 30, 10, 3)
	c := &browser.Chromium{Bin: bin, Dir: t.TempDir()}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	dom, err := c.DumpDOM(ctx, "file://"+file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<b>30</b> scenarios", "<b>3</b> failed",
		fakesuite.FailAssertion, fakesuite.FailGolden, fakesuite.FailEngine,
		// the engine error's code on the failed step, and the golden
		// diff's path with want and got
		`<span class="code">TYPE_MISMATCH</span>`, "$.notes.answered", "want (golden)",
		// a commit's change with its before and after
		`<td class="mono">$.status</td><td class="before mono">"searching"</td><td class="after mono">"done"</td>`,
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("the page does not show %q", want)
		}
	}
	if n := strings.Count(dom, `<li class="step st-failed-row">`); n != 3 {
		t.Errorf("%d failed steps rendered, want the 3 failures opened at once", n)
	}

	dom, err = c.DumpDOM(ctx, "file://"+file+"#status=failed")
	if err != nil {
		t.Fatal(err)
	}
	var shown [][]string
	for _, m := range regexp.MustCompile(`<details class="scn"[^>]* data-status="(\w+)"[^>]*>`).FindAllStringSubmatch(dom, -1) {
		if !strings.Contains(m[0], ` hidden=`) {
			shown = append(shown, m)
		}
	}
	if len(shown) != 3 {
		t.Errorf("with #status=failed %d scenarios are shown, want 3", len(shown))
	}
	for _, m := range shown {
		if m[1] != "failed" {
			t.Errorf("with #status=failed a %s scenario is shown", m[1])
		}
	}
	if !strings.Contains(dom, "Showing 3 of 30 scenarios · status failed") {
		t.Error("the count does not say the filter applies")
	}

	// a deep link opens its scenario, rendered
	dom, err = c.DumpDOM(ctx, "file://"+file+"#features/gen-003.feature:5")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`<details class="scn" id="features/gen-003.feature:5"[^>]* open=""[^>]* data-done="1">`).MatchString(dom) {
		t.Error("the link #features/gen-003.feature:5 does not open its scenario")
	}

	// a scenario's events open on demand: the tool's result with
	// its data, the values event naming its commit
	opened := withScript(t, file, `
		const d = document.getElementById("features/gen-003.feature:5");
		d.open = true;
		d.querySelectorAll("details.events").forEach((e) => { e.open = true; });`)
	dom, err = c.DumpDOM(ctx, "file://"+opened)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<span class="ev">tool_result</span> <pre>{
  "name": "search",
  "output": "result 20"
}</pre>`,
		`<span class="ev">values</span> <span class="note">the whole state of thread <b>main</b> at revision 3: its changes are listed in the commit above</span>`,
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("the opened events do not show %q", want)
		}
	}

	if dir := os.Getenv("SCENARIO_REPORT_ARTIFACTS"); dir != "" {
		c.Screenshot(ctx, "file://"+opened+"#features/gen-003.feature:5", filepath.Join(dir, "report-events.png"), 1280, 1600)
	}
	dir := os.Getenv("SCENARIO_REPORT_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if page, err := os.ReadFile(file); err == nil {
		os.WriteFile(filepath.Join(dir, "report.html"), page, 0o644)
	}
	shot := filepath.Join(dir, "report-failures.png")
	if err := c.Screenshot(ctx, "file://"+file+"#order=failures", shot, 1280, 1600); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", shot)
}

// TestHTMLReport300 is the "done when": a suite of 300 scenarios
// with 3 failures gives one report file with no external references in
// which headless Chromium shows, without a click, the failures with their
// messages, the golden diff, and each failed scenario's per-step state
// diffs, within a few seconds.
func TestHTMLReport300(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 300 scenarios and a browser; not with -short")
	}
	bin := browser.Require(t)
	file, res := runReport(t, 300, 50, 3)
	if res.Status != 1 {
		t.Fatalf("status %d, want 1", res.Status)
	}
	entries, err := os.ReadDir(filepath.Dir(file))
	if err != nil || len(entries) != 1 {
		t.Fatalf("the report's directory holds %d files, want the report alone (%v)", len(entries), err)
	}
	page, _ := readReport(t, file)
	// nothing the page could load from elsewhere: no address, no style or
	// script of another file (the data may quote addresses; it is JSON)
	markup := reportData.ReplaceAllString(page, "")
	for _, ref := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b(src|href|action|srcset|poster|data)\s*=\s*["']?[a-z]+:`),
		regexp.MustCompile(`(?i)url\(|@import|<link|<iframe|<object|<embed|fetch\(|XMLHttpRequest|import\(`),
	} {
		if m := ref.FindString(markup); m != "" {
			t.Errorf("the page refers to something outside it: %q", m)
		}
	}

	// the page measures itself: once its own script has run, this one
	// records what a reader sees of each failed scenario (its box on
	// screen, not only its markup)
	checked := withScript(t, file, `
		const seen = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
		const out = [];
		for (const d of document.querySelectorAll('details.scn[data-status="failed"]')) {
			const cause = d.querySelector(".cause .failure");
			out.push({
				key: d.id, open: d.open, row: seen(d.querySelector("summary .why")) ? d.querySelector("summary .why").textContent : "",
				cause: seen(cause) ? cause.querySelector("h4").textContent : "",
				message: seen(cause && cause.querySelector("pre")) ? cause.querySelector("pre").textContent : "",
				golden: [...d.querySelectorAll(".cause tbody tr")].filter(seen).map((tr) => [...tr.cells].map((c) => c.textContent)),
				diffs: [...d.querySelectorAll("li.step .commit tbody tr")].filter(seen).map((tr) => [...tr.cells].map((c) => c.textContent).join(" | ")),
			});
		}
		const nav = document.querySelector("nav.failures");
		document.body.dataset.links = seen(nav) ? [...nav.querySelectorAll("a")].map((a) => a.getAttribute("href")).join(" ") : "";
		document.body.dataset.check = JSON.stringify(out);`)
	c := &browser.Chromium{Bin: bin, Dir: t.TempDir()}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	dom, err := c.DumpDOM(ctx, "file://"+checked)
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	m := regexp.MustCompile(`data-check="([^"]*)"`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatal("the page's check did not run")
	}
	var shown []struct {
		Key, Row, Cause, Message string
		Open                     bool
		Golden                   [][]string
		Diffs                    []string
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &shown); err != nil {
		t.Fatal(err)
	}
	if len(shown) != 3 {
		t.Fatalf("%d failed scenarios on the page, want 3", len(shown))
	}
	for _, s := range shown {
		if !s.Open || s.Row == "" || s.Cause == "" || len(s.Diffs) == 0 {
			t.Errorf("%s: open %v, its row says %q, the cause %q, %d per-step diffs shown; want it open with all three", s.Key, s.Open, s.Row, s.Cause, len(s.Diffs))
		}
		// every failed scenario's steps show what the input and the first
		// node changed before the failure
		if !slices.ContainsFunc(s.Diffs, func(d string) bool { return strings.HasPrefix(d, `changed | $.status | "idle" | "searching" | agent`) }) {
			t.Errorf("%s: the per-step diffs shown lack $.status \"idle\" → \"searching\" by agent: %q", s.Key, s.Diffs)
		}
	}
	// the three are listed at the top, each a link to its scenario: the
	// later ones are screens away
	if m := regexp.MustCompile(`data-links="([^"]*)"`).FindStringSubmatch(dom); m == nil || m[1] != "#features/gen-001.feature:5 #features/gen-002.feature:5 #features/gen-003.feature:5" {
		t.Errorf("the failures listed at the top link to %q", m)
	}
	byKey := map[string]int{}
	for i, s := range shown {
		byKey[s.Key] = i
	}
	assertion, golden, engineErr := shown[byKey["features/gen-001.feature:5"]], shown[byKey["features/gen-002.feature:5"]], shown[byKey["features/gen-003.feature:5"]]
	if !strings.Contains(assertion.Message, `field $.status should equal "idle", but it is "done"`) || !strings.HasPrefix(assertion.Row, "line 30: ") {
		t.Errorf("the assertion's failure: row %q, message %q", assertion.Row, assertion.Message)
	}
	if !strings.Contains(engineErr.Cause, "TYPE_MISMATCH") || !strings.Contains(engineErr.Message, `field "count" expects integer`) {
		t.Errorf("the engine error: cause %q, message %q", engineErr.Cause, engineErr.Message)
	}
	wantGolden := []string{"$.messages[0]", "absent", `{"content":"question 50","id":"q50","type":"human"}`}
	if len(golden.Golden) < 5 || !slices.Equal(golden.Golden[0], wantGolden) {
		t.Errorf("the golden diff shown: %q; want its first row %q", golden.Golden, wantGolden)
	}
	if !strings.Contains(golden.Row, "golden file golden/gen-002/") {
		t.Errorf("the golden failure's row says %q", golden.Row)
	}
	t.Logf("300 scenarios: report %d KB, loaded and checked by chromium in %v", len(page)>>10, took.Round(time.Millisecond))
	if took > 30*time.Second {
		t.Errorf("chromium took %v to load the report", took)
	}

	dir := os.Getenv("SCENARIO_REPORT_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "report-300.png")
	if err := c.Screenshot(ctx, "file://"+file, shot, 1280, 2000); err != nil {
		t.Fatal(err)
	}
	shot2 := filepath.Join(dir, "report-300-failed.png")
	if err := c.Screenshot(ctx, "file://"+file+"#status=failed", shot2, 1280, 3000); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots: %s, %s", shot, shot2)
}

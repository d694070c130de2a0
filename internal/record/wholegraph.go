package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// A Capturer runs an own graph for real and captures its model replies
// and tool results (runtimes/bridge's Capture).
type Capturer interface {
	Capture(graph, profile string, tools bool, next func(prev *bridge.CapturedRun) *bridge.CaptureRun) ([]bridge.CapturedRun, error)
}

// wholeRun is one run of a whole-graph recording: what it ran on (the
// input, or the resume) and what it did.
type wholeRun struct {
	input  *engine.Checked
	resume *engine.Checked
	got    bridge.CapturedRun
}

// recordWhole records a whole-graph scenario (docs/reference.md, scenario
// record): it runs o.Graph for real on o.Input (and o.Resume), writes the
// scenario that scripts what the model and the tools answered, replays it
// in a copy of the suite, and writes it and its goldens only when the
// replay's supersteps and states are the run's.
func recordWhole(o Options, ff *featureFile, existing []byte, featurePath, goldenDir, slug string) (*Result, error) {
	goldenRel, traceRel := goldenPair(goldenDir, slug)
	if o.Capturer == nil {
		return nil, fmt.Errorf("--graph %s: no runtime loads the graph", o.Graph)
	}
	if ff.bg.graph != "" {
		if ff.bg.graph != o.Graph {
			return nil, fmt.Errorf("%s:%d: the Background runs every scenario of %s on the graph %q, and the run is of %s: record into another --feature", o.Feature, ff.bg.graphLine, o.Feature, ff.bg.graph, o.Graph)
		}
		o.omit["graph"] = true
	}
	if _, err := os.Stat(filepath.Join(o.Root, filepath.FromSlash(traceRel))); err == nil {
		return nil, fmt.Errorf("the golden file %s already exists: choose another --name (record never overwrites)", traceRel)
	}
	in, err := readChecked(o.Root, o.Input)
	if err != nil {
		return nil, err
	}
	if _, ok := in.Value.(map[string]any); !ok {
		return nil, fmt.Errorf("--input %s: the input state is %s; expected an object", o.Input, engine.TypeName(in.Value))
	}
	runs := []*wholeRun{{input: &in}}
	if o.Resume != "" {
		r, err := readChecked(o.Root, o.Resume)
		if err != nil {
			return nil, err
		}
		runs = append(runs, &wholeRun{resume: &r})
	}
	var ended error
	asked := 0
	got, err := o.Capturer.Capture(o.Graph, o.Profile, !o.RealTools, func(prev *bridge.CapturedRun) *bridge.CaptureRun {
		asked++
		if prev == nil {
			return &bridge.CaptureRun{Input: &in}
		}
		if asked > len(runs) {
			return nil
		}
		if len(prev.Result.Interrupts) == 0 {
			ended = fmt.Errorf("--resume %s: the run of %s on %s ended with no interrupt to resume; record without --resume", o.Resume, o.Graph, o.Input)
			return nil
		}
		// a resume by interrupt id is known once the run stopped
		return &bridge.CaptureRun{Resume: resumeOf(runs[1].resume.Value, prev.Result.Interrupts)}
	})
	if err != nil {
		what := "the run"
		if len(runs) == 2 {
			what = "the run and its resume"
		}
		return nil, fmt.Errorf("%s of %s on %s: %w", what, o.Graph, o.Input, err)
	}
	if ended != nil {
		return nil, ended
	}
	if len(got) != len(runs) {
		return nil, fmt.Errorf("the run of %s on %s: the runtime answered %d runs, not %d", o.Graph, o.Input, len(got), len(runs))
	}
	for i := range runs {
		runs[i].got = got[i]
	}
	if err := scriptable(o, runs); err != nil {
		return nil, err
	}

	text, err := wholeText(o, runs)
	if err != nil {
		return nil, err
	}
	content := featureContent(existing, o, text)
	line := bytes.Count(content[:len(content)-len(text)], []byte("\n")) + 1
	goldens, err := replayWhole(o, content, line, []string{goldenRel, traceRel})
	if err != nil {
		return nil, err
	}
	if err := sameRun(o, runs, goldens[0], goldens[1]); err != nil {
		return nil, err
	}
	if err := lineLimit(o.Feature, text); err != nil {
		return nil, err
	}
	target := featurePath
	if real, err := filepath.EvalSymlinks(featurePath); err == nil {
		target = real
	}
	tmp, err := stageFeature(o, target, existing, content)
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp)
	var written []string
	for i, rel := range []string{goldenRel, traceRel} {
		full := filepath.Join(o.Root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(full, goldens[i], 0o644); err != nil {
			for _, w := range written {
				os.Remove(w)
			}
			return nil, err
		}
		written = append(written, full)
	}
	if err := os.Rename(tmp, target); err != nil {
		for _, w := range written {
			os.Remove(w)
		}
		return nil, err
	}
	steps := 0
	for _, r := range runs {
		steps += len(r.got.Result.Steps)
	}
	return &Result{Feature: o.Feature, Golden: goldenRel, Trace: traceRel, Steps: steps}, nil
}

// resumeOf is a resume value as the scenario's step reads it: a map whose
// keys are all ids of pending interrupts answers each by id.
func resumeOf(v any, pending []engine.GraphInterrupt) *engine.Resume {
	if m, ok := v.(map[string]any); ok && len(m) > 0 {
		byID := true
		for k := range m {
			byID = byID && slices.ContainsFunc(pending, func(in engine.GraphInterrupt) bool { return in.ID == k })
		}
		if byID {
			return &engine.Resume{ByID: m}
		}
	}
	return &engine.Resume{Value: v}
}

// quoted is what a step cannot name between double quotes; cell what a
// steps table's cell cannot list.
var (
	quoted = regexp.MustCompile(`["\x00-\x1f\x7f]`)
	cell   = regexp.MustCompile(`[|\\,\x00-\x1f\x7f]`)
)

// scriptable refuses a run that a scenario cannot script (docs/reference.md,
// Whole-graph runs), saying what.
func scriptable(o Options, runs []*wholeRun) error {
	for i, r := range runs {
		res := r.got.Result
		for _, c := range r.got.Replies {
			if c.Refused != "" {
				return fmt.Errorf("%s, superstep %d, node %q: %s; a scenario cannot script this run, so nothing is written", runName(o, i), c.Step, c.Node, c.Refused)
			}
			if quoted.MatchString(c.Node) {
				return fmt.Errorf("%s, superstep %d: node %q calls a model, and a step names a node between double quotes, so its script cannot be written; rename the node", runName(o, i), c.Step, c.Node)
			}
		}
		if !o.RealTools {
			for _, t := range r.got.Tools {
				if t.Threw {
					return fmt.Errorf("%s, superstep %d, node %q: tool %q threw (%s), which a scripted answer cannot do; record with --real-tools, so that the tool runs when the scenario does", runName(o, i), t.Step, t.Node, t.Tool, t.Error)
				}
				if quoted.MatchString(t.Tool) {
					return fmt.Errorf("%s: tool %q: a step names a tool between double quotes, so its answers cannot be written; record with --real-tools", runName(o, i), t.Tool)
				}
			}
		}
		for _, st := range res.Steps {
			for _, n := range st.Nodes {
				if cell.MatchString(n) {
					return fmt.Errorf("%s, superstep %d: node %q: `Then the steps should be:` lists nodes in a table cell, comma-separated, which cannot hold this name; rename the node", runName(o, i), st.Step, n)
				}
			}
		}
		if i < len(runs)-1 && len(res.Interrupts) == 0 {
			return fmt.Errorf("--resume %s: %s ended with no interrupt to resume; record without --resume", o.Resume, runName(o, i))
		}
		if len(res.Interrupts) == 0 && len(res.Next) > 0 {
			return fmt.Errorf("%s stopped before nodes %s with no interrupt (a breakpoint): a recorded run ends, or stops at an interrupt", runName(o, i), strings.Join(res.Next, ", "))
		}
	}
	return nil
}

// runName names a run of the recording.
func runName(o Options, i int) string {
	if i == 0 {
		return fmt.Sprintf("the run of %s on %s", o.Graph, o.Input)
	}
	return fmt.Sprintf("the resume of the run of %s with %s", o.Graph, o.Resume)
}

// wholeText is the whole-graph scenario: the graph, the model's replies
// (per node when several nodes call models), the tools' answers (unless
// they run for real), each run with its supersteps, and the goldens.
func wholeText(o Options, runs []*wholeRun) (string, error) {
	var b strings.Builder
	kw := o.kw
	if kw.Scenario == "" {
		kw = english
	}
	fmt.Fprintf(&b, "  %s: %s\n", kw.Scenario, strings.TrimSpace(o.Name))
	from := fmt.Sprintf("a run of %s on %s", o.Graph, o.Input)
	if o.Resume != "" {
		from += ", resumed with " + o.Resume
	}
	fmt.Fprintf(&b, "    # Recorded from %s: the model's replies", from)
	if o.RealTools {
		b.WriteString(" as they came; the tools run for real.\n")
	} else {
		b.WriteString(" and the tools' results as they came.\n")
	}
	if o.ReplayRuntime != "" {
		fmt.Fprintf(&b, "    # Run it with --runtime %s: it runs the graph's own code, and fails at the first superstep that differs.\n", o.ReplayRuntime)
	}
	given := kw.Given
	if o.Profile != "" && !o.omit["profile"] {
		fmt.Fprintf(&b, "    %sthe %q profile\n", given, o.Profile)
		given = kw.And
	}
	if !o.omit["graph"] {
		fmt.Fprintf(&b, "    %sthe graph from \"%s\"\n", given, o.Graph)
		given = kw.And
	}
	var nodes []string
	byNode := map[string][]any{}
	var all []any
	toolOrder := []string{}
	answers := map[string][]any{}
	// each captured value's keys in the order the run gave them
	var orders []*engine.KeyOrder
	for _, r := range runs {
		for _, c := range r.got.Replies {
			if _, ok := byNode[c.Node]; !ok {
				nodes = append(nodes, c.Node)
			}
			byNode[c.Node] = append(byNode[c.Node], c.Reply)
			all = append(all, c.Reply)
			orders = append(orders, c.Order)
		}
		for _, t := range r.got.Tools {
			if _, ok := answers[t.Tool]; !ok {
				toolOrder = append(toolOrder, t.Tool)
			}
			answers[t.Tool] = append(answers[t.Tool], t.Answer)
			orders = append(orders, t.Order)
		}
	}
	keys := func(m map[string]any) []string {
		sorted := slices.Sorted(maps.Keys(m))
		for _, o := range orders {
			// an order that did not record m gives the sorted keys
			if k := o.Written(m); !slices.Equal(k, sorted) {
				return k
			}
		}
		return sorted
	}
	switch {
	case len(nodes) == 1:
		fmt.Fprintf(&b, "    %sthe model replies:\n", given)
		if err := docString(&b, all, keys); err != nil {
			return "", err
		}
		given = kw.And
	case len(nodes) > 1:
		for _, n := range nodes {
			fmt.Fprintf(&b, "    %sthe model replies to node \"%s\":\n", given, n)
			if err := docString(&b, byNode[n], keys); err != nil {
				return "", err
			}
			given = kw.And
		}
	}
	if !o.RealTools {
		for _, t := range toolOrder {
			fmt.Fprintf(&b, "    %stool \"%s\" answers, in turn:\n", given, t)
			if err := docString(&b, answers[t], keys); err != nil {
				return "", err
			}
			given = kw.And
		}
	}
	for i, r := range runs {
		if i == 0 {
			fmt.Fprintf(&b, "    %sthe graph runs with:\n", kw.When)
			if err := docString(&b, r.input.Value, r.input.Order.Written); err != nil {
				return "", err
			}
		} else {
			fmt.Fprintf(&b, "    %sthe graph resumes with:\n", kw.When)
			if err := docString(&b, r.resume.Value, r.resume.Order.Written); err != nil {
				return "", err
			}
		}
		then := kw.Then
		if i == len(runs)-1 {
			// the trace first: on changed code it fails at the first
			// superstep that differs, with its drift table
			fmt.Fprintf(&b, "    %sthe trace should match the golden file\n", then)
			then = kw.And
		}
		fmt.Fprintf(&b, "    %sthe steps should be:\n", then)
		b.WriteString(stepsTable(r.got.Result.Steps))
	}
	fmt.Fprintf(&b, "    %sthe state should match the golden file\n", kw.And)
	return b.String(), nil
}

// stepsTable is `| step | nodes |` with a row a superstep, its columns
// aligned.
func stepsTable(steps []engine.GraphStep) string {
	rows := [][2]string{{"step", "nodes"}}
	for _, s := range steps {
		rows = append(rows, [2]string{fmt.Sprint(s.Step), strings.Join(s.Nodes, ", ")})
	}
	w0, w1 := 0, 0
	for _, r := range rows {
		w0, w1 = max(w0, len(r[0])), max(w1, len(r[1]))
	}
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "      | %-*s | %-*s |\n", w0, r[0], w1, r[1])
	}
	return b.String()
}

// sameRun compares what the replay wrote (the state golden, the trace
// golden) with the run: each run's supersteps, the state after each, and
// the state at the end. A difference is the first superstep that
// differs, and nothing is written.
func sameRun(o Options, runs []*wholeRun, stateGolden, traceGolden []byte) error {
	var entries []struct {
		Revision int            `json:"revision"`
		Step     int            `json:"step"`
		State    map[string]any `json:"state"`
		Tasks    []struct {
			Node string `json:"node"`
		} `json:"tasks"`
	}
	if err := json.Unmarshal(traceGolden, &entries); err != nil {
		return fmt.Errorf("the replay's trace golden does not read: %w", err)
	}
	k := 0
	for i, r := range runs {
		for _, st := range r.got.Result.Steps {
			var nodes []string
			var state map[string]any
			if k < len(entries) {
				for _, t := range entries[k].Tasks {
					nodes = append(nodes, t.Node)
				}
				state = entries[k].State
			}
			if k >= len(entries) || !slices.Equal(nodes, st.Nodes) {
				return fmt.Errorf("the replay of the recorded scenario differs from %s at superstep %d: the run ran %s, the replay %s; the graph does not run the same when scripted (a model or a tool the script does not reach?), so nothing is written", runName(o, i), st.Step, list(st.Nodes), list(nodes))
			}
			if st.State != nil && !sameState(st.State, state) {
				return stateDiffers(fmt.Sprintf("%s, after superstep %d (%s)", runName(o, i), st.Step, strings.Join(st.Nodes, ", ")), st.State, state)
			}
			k++
		}
	}
	if k < len(entries) {
		return fmt.Errorf("the replay of the recorded scenario ran %d supersteps, the run %d; nothing is written", len(entries), k)
	}
	var final map[string]any
	if err := json.Unmarshal(stateGolden, &final); err != nil {
		return fmt.Errorf("the replay's state golden does not read: %w", err)
	}
	last := runs[len(runs)-1].got.Result.Values
	if !sameState(last, final) {
		return stateDiffers("the state at the end", last, final)
	}
	return nil
}

func stateDiffers(where string, run, replay map[string]any) error {
	diffs := jsonv.Compare(comparable(run), comparable(replay))
	shown, more := jsonv.Shown(diffs)
	var b strings.Builder
	fmt.Fprintf(&b, "the replay of the recorded scenario gives another state than the run, %s (the scripted replies or answers do not give what the run got), so nothing is written:", where)
	for _, d := range shown {
		fmt.Fprintf(&b, "\n  %s: run %s, replay %s", d.Path, jsonv.Render(d.Want, true), jsonv.Render(d.Got, true))
	}
	b.WriteString(more)
	return fmt.Errorf("%s", b.String())
}

func list(nodes []string) string {
	if len(nodes) == 0 {
		return "no node"
	}
	return strings.Join(nodes, ", ")
}

// replayWhole runs the recorded scenario (at line of content, the feature
// file with it) in a copy of the suite with its goldens updated, and
// returns the goldens it wrote (rels, under the golden directory).
func replayWhole(o Options, content []byte, line int, rels []string) ([][]byte, error) {
	tmp, err := os.MkdirTemp("", "scenario-record-replay-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	module := o.Graph
	if i := strings.LastIndexByte(o.Graph, ':'); i > 0 {
		module = o.Graph[:i]
	}
	if err := mirrorSuite(o.Root, tmp, []string{path.Clean(o.Layout.Features), path.Clean(o.Layout.Golden)}, []string{path.Clean(module)}); err != nil {
		return nil, err
	}
	at := filepath.Join(tmp, filepath.FromSlash(o.Feature))
	if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(at, content, 0o644); err != nil {
		return nil, err
	}
	replay := o.Replay
	if replay == nil {
		replay = o.replayOnRunner
	}
	var out bytes.Buffer
	failed, err := replay(tmp, fmt.Sprintf("%s:%d", o.Feature, line), &out)
	if err != nil {
		return nil, fmt.Errorf("the replay of the recorded scenario: %w", err)
	}
	if failed {
		return nil, fmt.Errorf("the replay of the recorded scenario fails, so nothing is written (the run needs what a script cannot give):\n%s", strings.TrimSpace(out.String()))
	}
	var goldens [][]byte
	for _, rel := range rels {
		data, err := os.ReadFile(filepath.Join(tmp, filepath.FromSlash(rel)))
		if err != nil {
			return nil, fmt.Errorf("the replay of the recorded scenario wrote no golden file %s: %w\n%s", rel, err, out.String())
		}
		goldens = append(goldens, data)
	}
	return goldens, nil
}

// mirrorSuite makes dst a copy of the suite at root that shares its
// files: each entry a link to root's, but the directories of skip (the
// features and golden directories), made empty, and the files of own (the
// graph's module: a step refuses a module whose path leads out of the
// root through a link), copied, with the directories above them.
func mirrorSuite(root, dst string, skip, own []string) error {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	above := func(r string) bool {
		in := func(s string) bool { return strings.HasPrefix(s, r+"/") }
		return slices.ContainsFunc(skip, in) || slices.ContainsFunc(own, in)
	}
	var walk func(rel string) error
	walk = func(rel string) error {
		entries, err := os.ReadDir(filepath.Join(absRoot, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		for _, e := range entries {
			r := path.Join(rel, e.Name())
			src := filepath.Join(absRoot, filepath.FromSlash(r))
			target := filepath.Join(dst, filepath.FromSlash(r))
			switch {
			case slices.Contains(skip, r):
				if err := os.MkdirAll(target, 0o755); err != nil {
					return err
				}
			case slices.Contains(own, r) && e.Type().IsRegular():
				data, err := os.ReadFile(src)
				if err != nil {
					return err
				}
				if err := os.WriteFile(target, data, 0o644); err != nil {
					return err
				}
			case e.IsDir() && above(r):
				if err := os.MkdirAll(target, 0o755); err != nil {
					return err
				}
				if err := walk(r); err != nil {
					return err
				}
			default:
				if err := os.Symlink(src, target); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(".")
}

// goldenPair is the state and trace golden files of a scenario, as its
// steps name them.
func goldenPair(goldenDir, slug string) (string, string) {
	base := path.Join(goldenDir, slug)
	return goldenfile.Fit(base + ".json"), goldenfile.Fit(base + ".trace.json")
}

// replayOnRunner is the default replay: the suite runner on the copy,
// the recorded scenario alone, its goldens updated.
func (o Options) replayOnRunner(root, where string, out io.Writer) (bool, error) {
	res, err := runner.Run(runner.Config{
		Root: root, Paths: []string{where}, Update: true, NoColor: true, Output: out,
		Runtime: o.ReplayRuntime, Python: o.ReplayPython, RuntimeTimeout: o.ReplayTimeout,
		Features: o.Layout.Features, Golden: o.Layout.Golden,
	})
	if err != nil {
		return true, err
	}
	return res.Status != 0 || res.NotRun() > 0, nil
}

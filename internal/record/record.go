// Package record turns a real LangGraph run, streamed with the modes
// "updates" and "values", into a scenario and its golden file (docs/reference.md, scenario record).
//
//	res, err := record.Record(record.Options{Root: ".", Run: "runs/chat.jsonl", ...})
//
// The run's first values chunk is the input; each superstep's updates are
// one step; its last values chunk is the golden. Before anything is
// written, the steps are replayed on the chosen runtimes and every state is
// compared with the recorded one; a difference is a [*Mismatch] and nothing
// is written. With [Options].Graph the run is a live one: the graph runs on
// a [Streamer] (a runtime's bridge) and what it streams is recorded, its
// channels settling the schema where the run proves nothing.
package record

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/filekind"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/suite"
)

// Options are what one recording needs.
type Options struct {
	// Root is the suite root; Layout its features and golden directories.
	Root   string
	Layout suite.Layout
	// RunName names the run in errors ("runs/chat.jsonl", "-");
	// Run is its content.
	RunName string
	Run     io.Reader
	// Feature is the feature file, relative to Root: appended to when it
	// exists.
	Feature string
	// Name is the scenario's name.
	Name string
	// Schema is a schema file relative to Root (JSON Schema, YAML or
	// JSON); empty: inferred from the run.
	Schema string
	// Input is a file holding the input state; empty: the first values
	// chunk. With Graph, it is what the graph runs on, and the scenario's
	// input is the run's first values chunk, what the graph made of it.
	Input string
	// Graph, "<module>:<export>", is run live on Streamer with Input
	// when Run is nil: the run is what its stream gave, and RunName names
	// it "the live run of <graph>". With Run, Run is a streamed run of
	// Graph. The scenario runs on Graph (Given the graph from) when Run
	// is given, and for a live run whose graph has a reducer of its own
	// that no step proves; GraphRuntime, the runtime that loads Graph,
	// replays it then.
	Graph        string
	Streamer     Streamer
	GraphRuntime engine.Runtime
	// channels are the graph's channels by kind, from its live run;
	// liveInput is what it ran on
	channels  map[string]string
	liveInput *engine.Checked
	// onGraph: the scenario runs on Graph, whose channels are its schema
	onGraph bool
	// kw are the feature file's keywords; omit are the setup steps its
	// Background gives ("profile", "graph", "schema")
	kw   keywords
	omit map[string]bool
	// Profile is the scenario's profile (--profile); DefaultProfile the
	// one it takes when neither Profile nor the feature's Background gives
	// one (scenario.yaml's, or the --graph module's language).
	Profile, DefaultProfile string
	// Runtimes replay the steps (nil: the built-in engine).
	Runtimes []engine.Runtime
	// EveryStep adds the state after each step.
	EveryStep bool
	// Whole records a whole-graph scenario (docs/reference.md, scenario
	// record): Graph runs for real on Capturer with Input (then Resume,
	// a resume value, when given), its model replies and, unless
	// RealTools, its tools' results captured into the scenario's scripts.
	Whole     bool
	Capturer  Capturer
	Resume    string
	RealTools bool
	// Replay runs the scenario at where ("<feature>:<line>") of the suite
	// copy at root with its goldens updated, writing what it printed to
	// out; failed: the scenario failed. Nil: the suite runner, with
	// ReplayRuntime, ReplayPython and ReplayTimeout.
	Replay        func(root, where string, out io.Writer) (failed bool, err error)
	ReplayRuntime string
	ReplayPython  string
	ReplayTimeout time.Duration
}

// Result is what a recording wrote.
type Result struct {
	Feature, Golden string
	// Trace is a whole-graph scenario's trace golden file.
	Trace    string
	Warnings []string
	Steps    int
}

// Record parses the run, replays it and, when every state agrees, appends
// the scenario to the feature file and writes its golden.
func Record(o Options) (*Result, error) {
	if strings.ContainsAny(o.Name, "\r\n") || strings.TrimSpace(o.Name) == "" {
		return nil, fmt.Errorf("scenario name %q: a name is one non-empty line", o.Name)
	}
	slug := goldenfile.Slug(o.Name)
	if slug == "" {
		return nil, fmt.Errorf("scenario name %q has no letter or digit to name its golden file", o.Name)
	}
	if !strings.HasSuffix(o.Feature, ".feature") {
		return nil, fmt.Errorf("feature %q: a feature file ends in .feature", o.Feature)
	}
	rel, err := suite.Inside(o.Root, o.Feature)
	if err != nil {
		return nil, err
	}
	if err := underFeatures(o.Layout, rel); err != nil {
		return nil, err
	}
	o.Feature = rel
	featurePath := filepath.Join(o.Root, filepath.FromSlash(o.Feature))
	existing, err := os.ReadFile(featurePath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	ff := &featureFile{kw: english}
	if err == nil {
		if ff, err = readFeatureFile(o.Feature, existing); err != nil {
			return nil, fmt.Errorf("%s does not load as it is, so record does not add to it: %w; fix it, or record into another --feature", o.Feature, err)
		}
	}
	o.kw, o.omit = ff.kw, map[string]bool{}
	if slices.Contains(ff.names, strings.TrimSpace(o.Name)) {
		return nil, fmt.Errorf("%s already has a scenario %q: choose another --name", o.Feature, o.Name)
	}
	goldenDir, err := goldenfile.FeatureDir(o.Layout, path.Clean(o.Feature))
	if err != nil {
		return nil, err
	}
	goldenRel := goldenfile.Fit(path.Join(goldenDir, slug) + ".json")
	if other := sameSlug(ff.names, slug); other != "" {
		return nil, fmt.Errorf("%s already has a scenario %q, whose golden file %s the name %q would share: choose another --name", o.Feature, other, goldenRel, o.Name)
	}
	for what, v := range map[string]string{"--graph": o.Graph, "--schema": o.Schema} {
		if strings.ContainsAny(v, "\"\r\n") {
			return nil, fmt.Errorf("%s %s: a step names it between double quotes, so it cannot hold a double quote or a line break", what, v)
		}
	}
	goldenPath := filepath.Join(o.Root, filepath.FromSlash(goldenRel))
	if _, err := os.Stat(goldenPath); err == nil {
		return nil, fmt.Errorf("the golden file %s already exists: choose another --name (record never overwrites)", goldenRel)
	}
	if o.Whole {
		if ff.bg.profile != "" {
			if o.Profile != "" && o.Profile != ff.bg.profile {
				return nil, fmt.Errorf("%s:%d: the Background gives every scenario of %s the %q profile, and --profile records the run under the %q profile: record with --profile %s, or into another --feature", o.Feature, ff.bg.profileLine, o.Feature, ff.bg.profile, o.Profile, ff.bg.profile)
			}
			o.Profile, o.omit["profile"] = ff.bg.profile, true
		}
		if ff.bg.schemaLine != 0 {
			o.omit["schema"] = true
		}
		return recordWhole(o, ff, existing, featurePath, goldenDir, slug)
	}

	bg := ff.bg
	if bg.profile != "" {
		if o.Profile != "" && o.Profile != bg.profile {
			return nil, fmt.Errorf("%s:%d: the Background gives every scenario of %s the %q profile, and --profile records the run under the %q profile: record with --profile %s, or into another --feature", o.Feature, bg.profileLine, o.Feature, bg.profile, o.Profile, bg.profile)
		}
		o.Profile, o.omit["profile"] = bg.profile, true
	}
	o.Profile = cmp.Or(o.Profile, o.DefaultProfile)
	if bg.schemaLine != 0 {
		if o.Schema != "" && o.Schema != bg.schemaFile {
			given := "a schema docstring"
			if bg.schemaFile != "" {
				given = fmt.Sprintf("the schema from %q", bg.schemaFile)
			}
			return nil, fmt.Errorf("%s:%d: the Background gives every scenario of %s %s, and a scenario declares one schema: record without --schema %s (the Background's is replayed), or into another --feature", o.Feature, bg.schemaLine, o.Feature, given, o.Schema)
		}
		o.omit["schema"] = true
	}

	live := o.Graph != "" && o.Run == nil
	if live {
		if err := o.streamLive(); err != nil {
			return nil, err
		}
	}
	run, err := ParseRun(o.RunName, o.Run)
	if err != nil {
		return nil, err
	}
	if run.InputUnstreamed && o.liveInput != nil {
		// the input as given, what of it the graph has channels for
		given := o.liveInput.Value.(map[string]any)
		in := map[string]any{}
		for k, v := range given {
			if _, ok := o.channels[k]; ok {
				in[k] = v
			}
		}
		if len(in) == len(given) {
			in = given // in its file's key order
		}
		run.Input, run.InputOrder = in, o.liveInput.Order
	}
	if o.Input != "" && !live {
		doc, err := readChecked(o.Root, o.Input)
		if err != nil {
			return nil, err
		}
		obj, ok := doc.Value.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("--input %s: the input state is %s; expected an object", o.Input, engine.TypeName(doc.Value))
		}
		run.Input, run.InputLine, run.InputOrder = obj, 0, doc.Order
	}
	if run.Input == nil {
		return nil, fmt.Errorf("%s: the run has no values chunk to start from: stream with the modes [\"updates\", \"values\"] or give --input FILE", o.RunName)
	}

	var schemaDoc any
	var inferred *Inferred
	switch {
	case o.omit["schema"] && o.Schema == "" && bg.schemaFile == "":
		schemaDoc = bg.schemaDoc
		o.onGraph = o.Graph != "" && !live
	case o.omit["schema"] && o.Schema == "":
		o.Schema = bg.schemaFile
		fallthrough
	case o.Schema != "":
		doc, err := readChecked(o.Root, o.Schema)
		if err != nil {
			return nil, err
		}
		schemaDoc = doc.Value
		o.onGraph = o.Graph != "" && !live
	default:
		inferred = Infer(run, o.channels)
		schemaDoc = inferred.Doc
		// a reducer of the graph's own that no step proves: only the
		// graph has it
		o.onGraph = o.Graph != "" && (!live || len(inferred.Unshown) > 0)
		if o.onGraph {
			schemaDoc = nil
		}
	}
	if bg.graph != "" {
		if !o.onGraph || o.Graph != bg.graph {
			return nil, fmt.Errorf("%s:%d: the Background runs every scenario of %s on the graph %q, and the run was not replayed on it: record with --graph %s RUN (a run of that graph), or into another --feature", o.Feature, bg.graphLine, o.Feature, bg.graph, bg.graph)
		}
		o.omit["graph"] = true
	}
	var schema *engine.Schema
	if schemaDoc != nil {
		if schema, err = engine.SchemaFromValue(schemaDoc); err != nil {
			return nil, fmt.Errorf("the schema: %w", err)
		}
	}
	eo := engine.Options{Profile: o.Profile, Runtimes: o.Runtimes}
	if o.onGraph {
		if o.GraphRuntime == nil {
			return nil, fmt.Errorf("--graph %s: no runtime loads the graph", o.Graph)
		}
		eo.Graph, eo.Runtimes = o.Graph, []engine.Runtime{o.GraphRuntime}
	}
	g, err := engine.New(schema, eo)
	if err != nil {
		return nil, fmt.Errorf("the schema: %w", err)
	}
	defer g.Close()
	if err := g.LoadGraph(); err != nil {
		return nil, fmt.Errorf("the graph %s: %w", o.Graph, err)
	}
	states, err := replay(g, run, engine.Checked{Value: run.Input, Order: run.InputOrder}, eo.Graph)
	if err != nil {
		if o.omit["schema"] {
			return nil, fmt.Errorf("replayed with the schema that the Background gives (%s:%d): %w", o.Feature, bg.schemaLine, err)
		}
		return nil, err
	}

	text, err := scenarioText(o, run, inferred, states)
	if err != nil {
		return nil, err
	}
	golden, err := jsonv.Encode(states[len(states)-1])
	if err != nil {
		return nil, err
	}
	if len(existing)+len(text) > suite.MaxFeatureBytes {
		return nil, fmt.Errorf("%s would be over the %d MiB limit for feature files: record fewer steps, or without --every-step", o.Feature, suite.MaxFeatureBytes>>20)
	}
	if err := lineLimit(o.Feature, text); err != nil {
		return nil, err
	}
	// the feature file whole or not at all: loaded as the suite loads it,
	// then written beside it and renamed over it once the golden is written
	target := featurePath
	if real, err := filepath.EvalSymlinks(featurePath); err == nil {
		target = real // a link stays a link: its file is replaced
	}
	tmp, err := stageFeature(o, target, existing, featureContent(existing, o, text))
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp) // nothing is left after the rename
	if err := os.MkdirAll(filepath.Dir(goldenPath), 0o755); err != nil {
		return nil, err
	}
	if _, err := goldenfile.Write(goldenPath, golden); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, target); err != nil {
		os.Remove(goldenPath)
		return nil, err
	}
	return &Result{Feature: o.Feature, Golden: goldenRel, Warnings: run.Warnings, Steps: len(run.Steps)}, nil
}

// A Streamer runs an own graph live (runtimes/bridge's Stream): it
// returns the run's JSON lines and the graph's channels by kind
// (ChannelLastValue, ...).
type Streamer interface {
	Stream(graph string, input any) (lines []byte, channels map[string]string, err error)
}

// streamLive runs o.Graph on o.Input and makes what it streamed o's run.
func (o *Options) streamLive() error {
	if o.Input == "" {
		return fmt.Errorf("--graph %s needs --input FILE, the input to run it on", o.Graph)
	}
	if o.Streamer == nil {
		return fmt.Errorf("--graph %s: no runtime loads the graph", o.Graph)
	}
	in, err := readChecked(o.Root, o.Input)
	if err != nil {
		return err
	}
	if _, ok := in.Value.(map[string]any); !ok {
		return fmt.Errorf("--input %s: the input state is %s; expected an object", o.Input, engine.TypeName(in.Value))
	}
	data, channels, err := o.Streamer.Stream(o.Graph, in)
	if err != nil {
		return fmt.Errorf("the live run of %s on %s: %w", o.Graph, o.Input, err)
	}
	o.RunName, o.Run, o.channels, o.liveInput = "the live run of "+o.Graph, bytes.NewReader(data), channels, &in
	return nil
}

// readChecked reads a JSON or YAML file under the root, as steps read
// them, with the order of its keys.
func readChecked(root, name string) (engine.Checked, error) {
	var none engine.Checked
	rel, err := suite.Inside(root, name)
	if err != nil {
		return none, err
	}
	full := filepath.Join(root, filepath.FromSlash(rel))
	if err := filekind.RegularPath(full, name, "a JSON or YAML file"); err != nil {
		return none, err
	}
	info, err := os.Stat(full)
	if err != nil {
		return none, err
	}
	if info.Size() > MaxRunBytes {
		return none, fmt.Errorf("%s is over the %d MiB limit for files", name, MaxRunBytes>>20)
	}
	data, err := os.ReadFile(full)
	if err != nil {
		return none, err
	}
	src := engine.Source{Name: rel}
	if strings.EqualFold(path.Ext(rel), ".json") {
		return engine.DecodeJSONOrdered(string(data), src)
	}
	return engine.DecodeYAMLOrdered(data, src)
}

// sameSlug is the one of names whose golden file has the slug, or "".
func sameSlug(names []string, slug string) string {
	for _, n := range names {
		if goldenfile.Slug(n) == slug {
			return n
		}
	}
	return ""
}

// lineLimit refuses a scenario with a line the Gherkin parser cannot read,
// naming the step whose docstring holds it.
func lineLimit(feature, text string) error {
	step := ""
	for _, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); strings.HasPrefix(line, "    ") && !strings.HasPrefix(line, "      ") && !strings.HasPrefix(t, "#") {
			step = t
		}
		if len(line) > suite.MaxLineBytes {
			return fmt.Errorf("%s: the docstring of `%s` would have a line of %d bytes, longer than the %d a feature file's line may have (the Gherkin parser's limit), so the suite could not load it; nothing is written: record a run without so long a value", feature, step, len(line), suite.MaxLineBytes)
		}
	}
	return nil
}

// underFeatures refuses a feature file outside the features directory:
// check would not run its scenario, and would call its golden file an
// orphan that prune deletes.
func underFeatures(layout suite.Layout, feature string) error {
	dir := path.Clean(cmp.Or(layout.Features, "features"))
	if dir == "." || strings.HasPrefix(feature, dir+"/") {
		return nil
	}
	return fmt.Errorf("feature %s is outside the features directory %s/ (scenario.yaml's features:), where check and prune look for scenarios: its golden file would be an orphan that prune deletes; record into a feature file under %s/, such as %s", feature, dir, dir, path.Join(dir, path.Base(feature)))
}

// featureContent is the feature file with the scenario at its end, or a
// new one; what was there is kept byte for byte.
func featureContent(existing []byte, o Options, text string) []byte {
	if existing == nil {
		head := fmt.Sprintf("Feature: %s\n  Scenarios recorded from real runs with scenario record.\n", featureTitle(o.Feature))
		return []byte(head + "\n" + text)
	}
	sep := "\n"
	if len(existing) > 0 && existing[len(existing)-1] != '\n' {
		sep = "\n\n"
	}
	return append(append(existing[:len(existing):len(existing)], sep...), text...)
}

// stageFeature loads content as the suite would load o.Feature (existing,
// what the file holds now), then writes it to a temporary file beside
// full, which it returns, with full's mode.
func stageFeature(o Options, full string, existing, content []byte) (string, error) {
	problem, err := loads(o, content)
	if err != nil {
		return "", err
	}
	if problem != nil {
		if existing != nil {
			if problem, err := loads(o, existing); err != nil {
				return "", err
			} else if problem != nil {
				return "", fmt.Errorf("%s does not load as it is, so record does not add to it: %w; fix it, or record into another --feature", o.Feature, problem)
			}
		}
		return "", fmt.Errorf("%s would not load with the scenario, so nothing is written: %w", o.Feature, problem)
	}
	mode := os.FileMode(0o644)
	if info, err := os.Stat(full); err == nil {
		mode = info.Mode().Perm()
	}

	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(filepath.Dir(full), "."+filepath.Base(full)+".tmp-*")
	if err != nil {
		return "", err
	}
	_, err = f.Write(content)
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = f.Chmod(mode)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// loads reads content as the suite reads o.Feature, in a directory of its
// own: the Gherkin parser's limits, its grammar, one golden file a
// scenario. problem is why the suite would not load it; err, that it
// could not be tried (a full disk).
func loads(o Options, content []byte) (problem, err error) {
	check, err := os.MkdirTemp("", "scenario-record-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(check)
	at := filepath.Join(check, filepath.FromSlash(o.Feature))
	if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(at, content, 0o644); err != nil {
		return nil, err
	}
	_, problem = suite.Load(check, o.Layout, []string{o.Feature})
	return problem, nil
}

func featureTitle(feature string) string {
	base := strings.TrimSuffix(path.Base(feature), ".feature")
	return strings.NewReplacer("_", " ", "-", " ").Replace(base) + " (recorded)"
}

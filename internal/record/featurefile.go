package record

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	gherkin "github.com/cucumber/gherkin/go/v42"
	messages "github.com/cucumber/messages/go/v34"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/suite"
)

// featureFile is what record takes from the feature file it appends to:
// its scenarios' names, the keywords of its language (# language: fr),
// and the setup its Background gives every scenario, the recorded one too.
type featureFile struct {
	names []string
	kw    keywords
	bg    background
}

// keywords are the Gherkin keywords a recorded scenario is written with.
type keywords struct{ Scenario, Given, And, When, Then string }

var english = keywords{Scenario: "Scenario", Given: "Given ", And: "And ", When: "When ", Then: "Then "}

// background is the setup that a feature file's Background gives: each
// field with its line ("" and 0 when it gives none).
type background struct {
	profile, graph, schemaFile string
	schemaDoc                  any
	profileLine, graphLine     int
	schemaLine                 int
}

var (
	profileStep    = regexp.MustCompile(`^the "([^"]*)" profile$`)
	graphStep      = regexp.MustCompile(`^the graph from "([^"]*)"$`)
	schemaFileStep = regexp.MustCompile(`^the state schema from "([^"]*)"$`)
)

// readFeatureFile parses content as the suite parses feature (its
// Background steps are checked by the caller against what it records).
// A scenario appended at the end of a file that ends in a Rule belongs to
// that Rule, and takes its Background after the Feature's.
func readFeatureFile(feature string, content []byte) (*featureFile, error) {
	content, err := suite.CleanFeature(feature, content) // a byte-order mark, as the suite reads it
	if err != nil {
		return nil, err
	}
	newID := (&messages.Incrementing{}).NewId
	doc, err := gherkin.ParseGherkinDocumentForLanguage(bytes.NewReader(content), gherkin.DefaultDialect, newID)
	if err != nil {
		return nil, err
	}
	ff := &featureFile{kw: english}
	if doc.Feature == nil {
		return ff, nil
	}
	if doc.Feature.Language != "" && doc.Feature.Language != "en" {
		if ff.kw, err = dialectKeywords(doc.Feature.Language); err != nil {
			return nil, err
		}
	}
	var steps []*messages.Step
	var last *messages.Rule
	for _, c := range doc.Feature.Children {
		switch {
		case c.Background != nil:
			steps = append(steps, c.Background.Steps...)
		case c.Scenario != nil:
			ff.names = append(ff.names, c.Scenario.Name)
		case c.Rule != nil:
			last = c.Rule
			for _, rc := range c.Rule.Children {
				if rc.Scenario != nil {
					ff.names = append(ff.names, rc.Scenario.Name)
				}
			}
		}
	}
	if n := len(doc.Feature.Children); n > 0 && doc.Feature.Children[n-1].Rule == last && last != nil {
		for _, rc := range last.Children {
			if rc.Background != nil {
				steps = append(steps, rc.Background.Steps...)
			}
		}
	}
	for _, st := range steps {
		if err := ff.bg.add(feature, st); err != nil {
			return nil, err
		}
	}
	return ff, nil
}

// add takes one Background step: a profile, a graph or a schema, which
// the recorded scenario then need not give; any other step runs before
// the recorded scenario's own, which record's replay did not, so it is
// refused.
func (b *background) add(feature string, st *messages.Step) error {
	line := int(st.Location.Line)
	at := fmt.Sprintf("%s:%d", feature, line)
	text := strings.TrimSpace(st.Text)
	switch {
	case profileStep.MatchString(text):
		b.profile, b.profileLine = profileStep.FindStringSubmatch(text)[1], line
		return nil
	case graphStep.MatchString(text):
		b.graph, b.graphLine = graphStep.FindStringSubmatch(text)[1], line
		return nil
	case schemaFileStep.MatchString(text):
		b.schemaFile, b.schemaDoc, b.schemaLine = schemaFileStep.FindStringSubmatch(text)[1], nil, line
		return nil
	case text == "the state schema:" && st.DocString != nil:
		src := engine.Source{Name: feature, Line: int(st.DocString.Location.Line) + 1}
		var c engine.Checked
		var err error
		switch st.DocString.MediaType {
		case "json":
			c, err = engine.DecodeJSONOrdered(st.DocString.Content, src)
		default:
			c, err = engine.DecodeYAMLOrdered([]byte(st.DocString.Content), src)
		}
		if err != nil {
			return fmt.Errorf("%s: the Background's schema: %w", at, err)
		}
		b.schemaFile, b.schemaDoc, b.schemaLine = "", c.Value, line
		return nil
	}
	return fmt.Errorf("%s: the Background's step `%s%s` runs before every scenario of %s, and record writes a scenario that runs from its own input alone (it takes a Background's profile, schema from a file or docstring, and graph, nothing else): record into another --feature", at, strings.TrimSpace(st.Keyword)+" ", text, feature)
}

// dialectKeywords are a Gherkin language's keywords for a scenario and its
// steps: for each, the first that is not "* ".
func dialectKeywords(language string) (keywords, error) {
	d := gherkin.DialectsBuiltin().GetDialect(language)
	if d == nil {
		return keywords{}, fmt.Errorf("# language: %s: Gherkin has no such language", language)
	}
	first := func(kws []string) string {
		for _, k := range kws {
			if k != "* " && strings.HasSuffix(k, " ") {
				return k
			}
		}
		for _, k := range kws {
			if k != "* " {
				return k
			}
		}
		return "* "
	}
	return keywords{Scenario: first(d.ScenarioKeywords()), Given: first(d.Keywords["given"]),
		And: first(d.Keywords["and"]), When: first(d.Keywords["when"]), Then: first(d.Keywords["then"])}, nil
}

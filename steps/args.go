package steps

import (
	"path"
	"strings"
	"unicode/utf8"

	"github.com/stateharness/scenario/engine"
)

// docText returns the docstring and its media type ("json", "yaml", "").
func (w *world) docText() (string, string) {
	ds := w.arg.Argument.DocString
	return ds.Content, strings.ToLower(strings.TrimSpace(ds.MediaType))
}

// docSource is where the docstring's text stands in the feature file.
func (w *world) docSource() engine.Source {
	return engine.Source{Name: w.scenario.Feature, Line: w.step.DocLine(), Indent: w.step.DocIndent()}
}

// docValue decodes the docstring: ```json as JSON, ```yaml or untagged as
// YAML (which accepts JSON).
func (w *world) docValue() (any, error) {
	text, media := w.docText()
	return decodeText([]byte(text), media, w.docSource())
}

// docData decodes the docstring as docValue does, keeping the order in
// which its keys were written: the engine needs it for what nodes, tools and
// inputs write (docs/reference.md, Commits rule 3, JSON.stringify in tool messages).
func (w *world) docData() (engine.Checked, error) {
	text, media := w.docText()
	src := w.docSource()
	var c engine.Checked
	var err error
	switch media {
	case "json":
		c, err = engine.DecodeJSONOrdered(text, src)
	case "yaml", "yml", "":
		c, err = engine.DecodeYAMLOrdered([]byte(text), src)
	default:
		return engine.Checked{}, problemf("%s: docstring type %q: expected json or yaml", src.Pos(0, 0), media)
	}
	if _, err := wrapSyntax(nil, err); err != nil {
		return engine.Checked{}, err
	}
	return c, nil
}

// fileData is docData for a .json, .yaml or .yml file under the root.
func (w *world) fileData(p string) (engine.Checked, error) {
	text, rel, err := w.readFile(p)
	if err != nil {
		return engine.Checked{}, err
	}
	src := engine.Source{Name: rel, Line: 1}
	var c engine.Checked
	switch strings.ToLower(path.Ext(rel)) {
	case ".json":
		c, err = engine.DecodeJSONOrdered(text, src)
	case ".yaml", ".yml":
		c, err = engine.DecodeYAMLOrdered([]byte(text), src)
	default:
		return engine.Checked{}, problemf("%s: unsupported file type %q: expected .json, .yaml or .yml", rel, path.Ext(rel))
	}
	if _, err := wrapSyntax(nil, err); err != nil {
		return engine.Checked{}, err
	}
	return c, nil
}

func decodeText(data []byte, media string, src engine.Source) (any, error) {
	switch media {
	case "json":
		return wrapSyntax(engine.DecodeJSON(data, src))
	case "yaml", "yml", "":
		return wrapSyntax(engine.DecodeYAML(data, src))
	}
	return nil, problemf("%s: docstring type %q: expected json or yaml", src.Pos(0, 0), media)
}

// wrapSyntax makes text that does not parse a problem with the scenario.
func wrapSyntax(v any, err error) (any, error) {
	if se, ok := err.(*engine.SyntaxError); ok {
		return nil, &problem{msg: se.Error()}
	}
	return v, err
}

// fileDoc reads and decodes a .json, .yaml or .yml file under the root,
// and gives the file's text and where it stands, to point errors in it at
// their line.
func (w *world) fileDoc(p string) (any, string, engine.Source, error) {
	text, rel, err := w.readFile(p)
	if err != nil {
		return nil, "", engine.Source{}, err
	}
	src := engine.Source{Name: rel, Line: 1}
	var v any
	switch strings.ToLower(path.Ext(rel)) {
	case ".json":
		v, err = wrapSyntax(engine.DecodeJSONString(text, src))
	case ".yaml", ".yml":
		v, err = wrapSyntax(engine.DecodeYAML([]byte(text), src))
	default:
		err = problemf("%s: unsupported file type %q: expected .json, .yaml or .yml", rel, path.Ext(rel))
	}
	return v, text, src, err
}

// textJSON decodes a JSON value written at the end of the step's text.
func (w *world) textJSON(text string) (any, error) {
	src := engine.Source{Name: w.scenario.Feature, Line: w.step.Line}
	if i := strings.LastIndex(w.step.Text, text); i >= 0 && w.step.TextCol() > 0 {
		src.Indent = w.step.TextCol() - 1 + utf8.RuneCountInString(w.step.Text[:i])
	}
	return wrapSyntax(engine.DecodeJSON([]byte(text), src))
}

// cellJSON decodes the JSON of a table cell (row 0 is the header), with
// positions in the feature file.
func (w *world) cellJSON(text string, row, col int) (any, error) {
	return wrapSyntax(engine.DecodeJSON([]byte(text), w.cellSource(text, row, col)))
}

// cellData is cellJSON keeping the order of keys (see docData).
func (w *world) cellData(text string, row, col int) (engine.Checked, error) {
	c, err := engine.DecodeJSONOrdered(text, w.cellSource(text, row, col))
	if _, err := wrapSyntax(nil, err); err != nil {
		return engine.Checked{}, err
	}
	return c, nil
}

func (w *world) cellSource(text string, row, col int) engine.Source {
	src := engine.Source{Name: w.scenario.Feature, Line: w.step.TableLine() + row}
	if row < len(w.step.TableCols()) && col < len(w.step.TableCols()[row]) {
		src.Indent = w.step.TableCols()[row][col] - 1
	}
	return src
}

// tableRows returns the table's header and body cells.
func (w *world) tableRows() ([]string, [][]string) {
	rows := w.arg.Argument.DataTable.Rows
	cells := func(i int) []string {
		out := make([]string, len(rows[i].Cells))
		for j, c := range rows[i].Cells {
			out[j] = c.Value
		}
		return out
	}
	header := cells(0)
	body := make([][]string, 0, len(rows)-1)
	for i := 1; i < len(rows); i++ {
		body = append(body, cells(i))
	}
	return header, body
}

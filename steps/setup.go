package steps

import (
	"fmt"

	"github.com/stateharness/scenario/engine"
)

func setupSteps() []Def {
	return []Def{
		{Pattern: `^the "([^"]*)" profile$`, run: func(w *world, a ...string) error {
			if w.graph != nil {
				return problemf("choose the profile before the first run or output")
			}
			w.profile = a[0]
			return nil
		}},
		{Pattern: `^the state schema:$`, Arg: DocStringTable, run: func(w *world, _ ...string) error {
			if w.arg.Argument.DataTable != nil {
				header, rows := w.tableRows()
				s, err := engine.SchemaFromTable(header, rows, func(row, col int, text string) (any, error) {
					return w.inlineJSON(text, w.step.TableLine+1+row)
				})
				return w.setSchema(s, err)
			}
			doc, err := w.docValue()
			if err != nil {
				return err
			}
			s, err := engine.SchemaFromValue(doc)
			if e, ok := err.(*engine.Error); ok {
				e.Pos = w.docSource().Pos(1, 1)
			}
			return w.setSchema(s, err)
		}},
		{Pattern: `^the state schema from "([^"]*)"$`, run: func(w *world, a ...string) error {
			doc, err := w.fileValue(a[0])
			if err != nil {
				return err
			}
			s, err := engine.SchemaFromValue(doc)
			if e, ok := err.(*engine.Error); ok {
				e.Pos = a[0]
			}
			return w.setSchema(s, err)
		}},
	}
}

// setSchema keeps a parsed schema and builds the graph at once, so that a
// bad schema fails on the step that declared it.
func (w *world) setSchema(s *engine.Schema, err error) error {
	if err != nil {
		return err
	}
	if w.graph != nil {
		return problemf("declare the schema before the first run or output")
	}
	if w.schema != nil {
		return problemf("the scenario declares a schema twice")
	}
	w.schema = s
	if err := w.ensureGraph(); err != nil {
		w.schema = nil
		return fmt.Errorf("%w", err)
	}
	return nil
}

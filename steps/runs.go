package steps

import "github.com/stateharness/scenario/engine"

func runSteps() []Def {
	return []Def{
		{Pattern: `^the input state:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			v, err := w.docData()
			if err != nil {
				return err
			}
			return w.invoke(w.thread, v)
		}},
		{Pattern: `^the input state from "([^"]*)"$`, run: func(w *world, a ...string) error {
			v, err := w.fileData(a[0])
			if err != nil {
				return err
			}
			return w.invoke(w.thread, v)
		}},
		{Pattern: `^an empty input state$`, run: func(w *world, _ ...string) error {
			return w.invoke(w.thread, engine.Checked{Value: map[string]any{}})
		}},
		{Pattern: `^the graph is invoked with:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			v, err := w.docData()
			if err != nil {
				return err
			}
			return w.invoke(w.thread, v)
		}},
		{Pattern: `^the graph is invoked on thread "([^"]*)" with:$`, Arg: DocString, run: func(w *world, a ...string) error {
			w.thread = a[0]
			v, err := w.docData()
			if err != nil {
				return err
			}
			return w.invoke(a[0], v)
		}},
		{Pattern: `^the graph is invoked with no input$`, run: func(w *world, _ ...string) error {
			return w.invokeNoInput(w.thread)
		}},
		{Pattern: `^the graph is invoked on thread "([^"]*)" with no input$`, run: func(w *world, a ...string) error {
			w.thread = a[0]
			return w.invokeNoInput(a[0])
		}},
	}
}

func (w *world) invoke(thread string, input engine.Checked) error {
	if err := w.ensureGraph(); err != nil {
		return err
	}
	return w.graph.Invoke(thread, input)
}

func (w *world) invokeNoInput(thread string) error {
	if err := w.ensureGraph(); err != nil {
		return err
	}
	return w.graph.InvokeNoInput(thread)
}

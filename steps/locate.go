package steps

import (
	"errors"

	"github.com/stateharness/scenario/engine"
	"gopkg.in/yaml.v3"
)

// locate gives an engine error without a position the position of the
// value its JSON path names inside text (a docstring or file, YAML or
// JSON), or else fallback, so that every error names a file and line.
func locate(err error, text string, src engine.Source, fallback string) error {
	if err == nil {
		return nil // before e, which errors.As makes escape: an allocation for a step that passed
	}
	var e *engine.Error
	if !errors.As(err, &e) || e.Pos != "" {
		return err
	}
	e.Pos = fallback
	if e.Path == "" || text == "" {
		return err
	}
	elems, perr := engine.ParsePath(e.Path)
	if perr != nil {
		return err
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
		return err
	}
	if n := walk(doc.Content[0], elems); n != nil {
		e.Pos = src.Pos(n.Line, n.Column)
	}
	return err
}

// walk follows path elements through YAML nodes; nil when a step is
// missing. For a missing key it stops at the object that lacks it.
func walk(n *yaml.Node, elems []engine.PathElem) *yaml.Node {
	for _, el := range elems {
		for n.Kind == yaml.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		switch {
		case el.IsIndex && n.Kind == yaml.SequenceNode && el.Index < len(n.Content):
			n = n.Content[el.Index]
		case !el.IsIndex && n.Kind == yaml.MappingNode:
			var next *yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == el.Key {
					next = n.Content[i+1]
				}
			}
			if next == nil {
				return n
			}
			n = next
		default:
			return n
		}
	}
	return n
}

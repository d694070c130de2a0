package bridge

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/stateharness/scenario/engine"
)

// ReadRoute reads a Dawn route's state.ts and reducers/ on the program
// (docs/reference.md, Tools), which evaluates them as Dawn does; dir is relative to the
// suite root. A program that reads no routes (Program.Routes) answers an
// *engine.Unsupported; a route it cannot read is a SCHEMA_INVALID naming
// the file and what to change.
func (b *Bridge) ReadRoute(dir string) (*engine.RouteState, error) {
	if !b.prog.Routes {
		return nil, &engine.Unsupported{Runtime: b.prog.Name, Reason: fmt.Sprintf("the Dawn route %q is TypeScript, which %s does not read", dir, b.prog.Name)}
	}
	resp, err := b.request(nil, "route", func(w *requestWriter) error {
		w.str("dir", dir)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		e := resp.Error.engineError(b.prog.Library)
		if resp.Error.Code == string(engine.SchemaInvalid) {
			e.Code, e.Message = engine.SchemaInvalid, resp.Error.Message
		}
		return nil, e
	}
	if resp.Fields == nil {
		return nil, runtimeError(fmt.Sprintf("%s read the route %q but named none of its fields", b.prog.Name, dir))
	}
	out := &engine.RouteState{}
	for _, f := range resp.Fields {
		// what a runtime returns is decoded as strictly as any value (docs/reference.md, Values)
		def, err := engine.DecodeJSON(f.Default, engine.Source{Name: dir + "/state.ts"})
		if err != nil {
			return nil, err
		}
		out.Fields = append(out.Fields, engine.RouteField{Name: f.Name, Default: def, ReducerFile: f.Reducer})
	}
	sort.Slice(out.Fields, func(i, j int) bool { return out.Fields[i].Name < out.Fields[j].Name })
	return out, nil
}

// routeField is one field of a route as the program reads it.
type routeField struct {
	Name    string          `json:"name"`
	Default json.RawMessage `json:"default"`
	Reducer string          `json:"reducer"`
}

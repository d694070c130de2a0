package jsonv

import (
	"go/build"
	"strings"
	"testing"
)

// TestImportsNothingOfTheModule: jsonv is the floor every other package
// stands on, so it stands on none of them; an import that ran the other way
// would make cycles, or drag the engine into every reader of a value.
func TestImportsNothingOfTheModule(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		if strings.HasPrefix(imp, "github.com/stateharness/scenario") {
			t.Errorf("jsonv imports %s; it may import only the standard library and third-party packages", imp)
		}
	}
}

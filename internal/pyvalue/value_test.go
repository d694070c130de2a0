package pyvalue

import (
	"testing"

	"github.com/stateharness/scenario/internal/jsonv"
)

// The values below are what Python 3.11 prints (str(), repr()) for the
// value json.loads makes of the JSON.
func TestPyStr(t *testing.T) {
	for _, tc := range []struct {
		json, want string
	}{
		{`0`, "0"},
		{`""`, ""},
		{`false`, "False"},
		{`[]`, "[]"},
		{`"done"`, "done"},
		{`[1, 2.5, true, null, "it's", "a\"b", "x'y\"z"]`, `[1, 2.5, True, None, "it's", 'a"b', 'x\'y"z']`},
		{`{"b": 1, "a": {"lg_name": "Command"}}`, `{'b': 1, 'a': {'lg_name': 'Command'}}`},
		{`[1e-05, 1.5e300, 123456789.5, 0.1]`, `[1e-05, 1.5e+300, 123456789.5, 0.1]`},
		{`["tab\there", "é", "\u0007"]`, `['tab\there', 'é', '\x07']`},
	} {
		chk, err := jsonv.DecodeJSONOrdered(tc.json, jsonv.Source{Name: "t"})
		if err != nil {
			t.Fatal(err)
		}
		if got := Str(chk.Value, chk.Order); got != tc.want {
			t.Errorf("Str(%s) = %s, want %s", tc.json, got, tc.want)
		}
	}
}

package jsonv_test

import (
	"fmt"

	"github.com/stateharness/scenario/internal/jsonv"
)

func ExampleEncode() {
	state := map[string]any{
		"messages": []any{map[string]any{"type": "human", "content": "<hi> & bye", "id": "m1"}},
		"count":    1e21,
		"empty":    map[string]any{},
	}
	out, err := jsonv.Encode(state)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(out))
	// Output:
	// {
	//   "count": 1e+21,
	//   "empty": {},
	//   "messages": [
	//     {
	//       "content": "<hi> & bye",
	//       "id": "m1",
	//       "type": "human"
	//     }
	//   ]
	// }
}

func ExampleCompact() {
	out, _ := jsonv.Compact([]any{"from_a", "from_b", 0.000001, 1e-7})
	fmt.Println(string(out))
	// Output: ["from_a","from_b",0.000001,1e-7]
}

func ExampleFormatNumber() {
	for _, f := range []float64{1e21, 1e-7, 123456789012345680000, 333333333.3333333} {
		fmt.Println(jsonv.FormatNumber(f))
	}
	// Output:
	// 1e+21
	// 1e-7
	// 123456789012345680000
	// 333333333.3333333
}

// Compare aligns arrays before it compares them: a message inserted at the
// front is one difference, not one per index, and a member that is not
// there is Missing, not null.
func ExampleCompare() {
	want, _ := jsonv.DecodeJSON([]byte(`{"messages": [{"id": "a", "type": "human", "content": "hi"}], "status": null}`), jsonv.Source{Name: "golden.json"})
	got, _ := jsonv.DecodeJSON([]byte(`{"messages": [{"id": "s", "type": "system", "content": "be brief"}, {"id": "a", "type": "human", "content": "hi"}]}`), jsonv.Source{Name: "state"})
	diffs := jsonv.Compare(want, got)
	for _, d := range diffs {
		_, absent := d.Got.(jsonv.Missing)
		fmt.Printf("%s absent in got: %v\n", d.Path, absent)
	}
	fmt.Print(jsonv.Report(diffs))
	// Output:
	// $.messages[0] absent in got: false
	// $.status absent in got: true
	//   $.messages[0]
	//     want: (absent)
	//     got:  {"content":"be brief","id":"s","type":"system"}
	//   $.status
	//     want: null
	//     got:  (absent)
}

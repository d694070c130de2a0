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

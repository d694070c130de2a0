package jsonv_test

import (
	"bufio"
	"fmt"
	"math"
	"math/rand"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/toolchain"
)

// TestStringifyAgainstNode compares Stringify, with the key order the
// decoder recorded, with node's own JSON.stringify(JSON.parse(text)) on
// random JSON texts: key order (array-index keys first), numbers, escapes.
func TestStringifyAgainstNode(t *testing.T) {
	env := toolchain.Node(t)
	r := rand.New(rand.NewSource(7))
	const n = 3000
	texts := make([]string, n)
	for i := range texts {
		texts[i] = randomJSON(r, 0)
	}
	cmd := exec.Command(env.Node, "-e", `
const rl = require("readline").createInterface({ input: process.stdin });
rl.on("line", (l) => process.stdout.write(JSON.stringify(JSON.stringify(JSON.parse(l))) + "\n"));`)
	cmd.Stdin = strings.NewReader(strings.Join(texts, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for i := 0; sc.Scan(); i++ {
		var want string
		if err := jsonUnquote(sc.Text(), &want); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		c, err := engine.DecodeJSONOrdered(texts[i], engine.Source{})
		if err != nil {
			t.Fatalf("decode %s: %v", texts[i], err)
		}
		got, err := jsonv.Stringify(c.Value, c.Order.Keys)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("JSON.stringify of %s:\n got  %s\n want %s", texts[i], got, want)
		}
	}
}

func jsonUnquote(s string, out *string) error {
	v, err := strconv.Unquote(s)
	if err != nil {
		// node's JSON string escapes are a subset of Go's, but not \u2028
		d, derr := engine.DecodeJSON([]byte(s), engine.Source{})
		if derr != nil {
			return fmt.Errorf("%v / %v", err, derr)
		}
		v = d.(string)
	}
	*out = v
	return nil
}

var keyPool = []string{"a", "b", "z", "0", "1", "7", "10", "01", "-1", "1.5", "4294967294", "4294967295", "é", "\u2028", "k\"q", "__overwrite__"}

func randomJSON(r *rand.Rand, depth int) string {
	switch k := r.Intn(10); {
	case depth < 3 && k < 3:
		n := r.Intn(5)
		perm := r.Perm(len(keyPool))[:n]
		parts := make([]string, n)
		for i, p := range perm {
			parts[i] = strconv.Quote(keyPool[p]) + ":" + randomJSON(r, depth+1)
		}
		return "{" + strings.Join(parts, ",") + "}"
	case depth < 3 && k < 5:
		n := r.Intn(4)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = randomJSON(r, depth+1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case k < 7:
		nums := []string{"0", "-0", "1.0", "1e21", "1e-7", "123456789012345", "0.1", "-2.5e-3", "1E2", "9007199254740991", "5e-324", "1.7976931348623157e308"}
		if r.Intn(2) == 0 {
			return nums[r.Intn(len(nums))]
		}
		return strconv.FormatFloat(r.NormFloat64()*math.Pow(10, float64(r.Intn(30)-15)), 'g', -1, 64)
	case k < 9:
		strs := []string{`"x"`, `"\u00e9\n\t"`, `"<&>"`, `"\u2028"`, `"\ud83d\ude00"`, `"\u0001"`, `"a\/b"`, `""`}
		return strs[r.Intn(len(strs))]
	}
	return []string{"true", "false", "null"}[r.Intn(3)]
}

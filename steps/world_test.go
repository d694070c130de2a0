package steps

import (
	"context"
	"sync"
	"testing"
)

// counting is a scenario's base context that counts the lookups reaching it.
type counting struct {
	context.Context
	mu    sync.Mutex
	calls int
}

func (c *counting) Value(key any) any {
	c.mu.Lock()
	c.calls++
	c.mu.Unlock()
	return c.Context.Value(key)
}

type baseKey struct{}
type stepKey struct{}

// A scenario of n steps grows its context chain by a few links a step, as
// godog does, and looks up a value set at its start at every step: each
// lookup must stop at the step before's stepContext, so the base is asked
// once, not n times (n² links walked in all).
func TestStepContextAsksTheChainBelowOnce(t *testing.T) {
	base := &counting{Context: context.WithValue(context.Background(), baseKey{}, "world")}
	ctx := context.Context(base)
	const n = 5000
	for i := range n {
		ctx = context.WithValue(ctx, stepKey{}, i) // what godog adds between steps
		ctx = newStepContext(ctx)
		if got := ctx.Value(baseKey{}); got != "world" {
			t.Fatalf("step %d: the base value is %v, want world", i, got)
		}
		if got := ctx.Value(stepKey{}); got != i {
			t.Fatalf("step %d: the value set at this step is %v, want %d (a remembered value shadowed a newer one)", i, got, i)
		}
	}
	// the first step asks the base for both keys; later steps find each
	// key on the way down or in the step before's memory
	if base.calls > 2 {
		t.Errorf("the base context was asked %d times in %d steps, want at most 2", base.calls, n)
	}
	if got := ctx.Value(struct{ missing int }{}); got != nil {
		t.Errorf("a key nobody set gives %v, want nil", got)
	}
}

// Steps may look values up from goroutines of their own (runtime calls).
func TestStepContextIsSafeFromGoroutines(t *testing.T) {
	ctx := newStepContext(context.WithValue(context.Background(), baseKey{}, 1))
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				if ctx.Value(baseKey{}) != 1 {
					t.Error("wrong value")
				}
			}
		}()
	}
	wg.Wait()
}

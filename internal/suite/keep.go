package suite

// Keep narrows the index to the scenarios keep selects, in their order (a
// shard's part of the suite): godog's pickles of the others match none of
// them, not even a row that differs from a kept one only in a column no
// step uses.
func (x *Index) Keep(keep func(*Scenario) bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	order := x.Order[:0:0]
	for _, s := range x.Order {
		if keep(s) {
			order = append(order, s)
		}
	}
	x.Order = order
	for k, list := range x.byContent {
		kept := list[:0:0]
		for _, s := range list {
			if keep(s) {
				kept = append(kept, s)
			}
		}
		if len(kept) == 0 {
			delete(x.byContent, k)
			continue
		}
		x.byContent[k] = kept
	}
}

//go:build !unix

package awaken

// lockFile does not lock where flock is missing: cargo's own lock on the
// target directory still keeps two builds apart, but not their copies.
func lockFile(string) (unlock func(), err error) { return func() {}, nil }

package awaken

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A scenario on a user's crate names it as its own graph,
// "<dir>/Cargo.toml:<plugin>" (docs/reference.md, Awaken: your own keys):
// the crate's manifest, relative to the suite root, and its plugin, a Rust
// expression from the crate's root with "." for "::" ("StatePlugin",
// "state.StatePlugin", "plugin()"). The program is then built with the
// crate as a path dependency, its plugin installed in every store, and
// its key types, found in its sources (impl StateKey for T), named in
// src/user.rs.

// Manifest is the file name that makes a graph module a crate.
const Manifest = "Cargo.toml"

// depName is the crate's name in the program's Cargo.toml: whatever its
// package and lib are called, the program calls it this.
const depName = "scenario_user_crate"

// Crate is a user's crate as a scenario names it.
type Crate struct {
	// Ref is the scenario's reference, "<dir>/Cargo.toml:<plugin>".
	Ref string
	// Dir is the crate's directory, absolute.
	Dir string
	// Package is its package name, from Cargo.toml.
	Package string
	// Plugin is the Rust expression of its plugin, from the crate's root.
	Plugin string
	// Keys are its key types, as paths from the crate's root
	// ("keys::Seen"), with the file each is in.
	Keys []CrateKey
}

// CrateKey is a key type found in a crate's sources.
type CrateKey struct {
	Path string
	File string
}

// IsCrateRef reports whether an own graph's reference names a crate.
func IsCrateRef(ref string) bool {
	i := strings.LastIndexByte(ref, ':')
	return i > 0 && filepath.Base(ref[:i]) == Manifest
}

// ReadCrate reads the crate a scenario's reference names, under root.
func ReadCrate(root, ref string) (*Crate, error) {
	if m := strings.Index(ref, Manifest+":"); m >= 0 && strings.Contains(ref[m+len(Manifest)+1:], ":") {
		return nil, fmt.Errorf("awaken: %q: the plugin %q is not a path from the crate's root: write it with \".\" for \"::\", as StatePlugin, state.StatePlugin or plugin()", ref, ref[m+len(Manifest)+1:])
	}
	i := strings.LastIndexByte(ref, ':')
	if i <= 0 || i == len(ref)-1 || filepath.Base(ref[:i]) != Manifest {
		return nil, fmt.Errorf("awaken: %q: expected \"<crate>/Cargo.toml:<plugin>\", like \"Cargo.toml:StatePlugin\"", ref)
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	manifest, export := filepath.Join(root, filepath.FromSlash(ref[:i])), ref[i+1:]
	data, err := os.ReadFile(manifest)
	if err != nil {
		return nil, fmt.Errorf("awaken: %q: cannot read the crate's manifest: %v", ref, err)
	}
	c := &Crate{Ref: ref, Dir: filepath.Dir(manifest), Package: packageName(data)}
	if c.Package == "" {
		return nil, fmt.Errorf("awaken: %q: %s has no [package] name (a workspace's manifest?): name the Cargo.toml of the crate whose plugin registers the keys", ref, manifest)
	}
	if !regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(\(\))?$`).MatchString(export) {
		return nil, fmt.Errorf("awaken: %q: the plugin %q is not a path from the crate's root: write it with \".\" for \"::\", as StatePlugin, state.StatePlugin or plugin() (a unit struct, a const, or a function without arguments)", ref, export)
	}
	c.Plugin = strings.ReplaceAll(export, ".", "::")
	c.Keys, err = crateKeys(c.Dir)
	if err != nil {
		return nil, fmt.Errorf("awaken: %q: %v", ref, err)
	}
	if len(c.Keys) == 0 {
		return nil, fmt.Errorf("awaken: %q: no key types in %s (no \"impl StateKey for <Type>\" in its .rs files)", ref, filepath.Join(c.Dir, "src"))
	}
	return c, nil
}

// packageName is [package]'s name in a Cargo.toml: a basic or literal
// TOML string, a comment after it or after the table's header allowed.
func packageName(manifest []byte) string {
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(manifest))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			header, _, _ := strings.Cut(line, "]")
			section = strings.TrimSpace(strings.TrimLeft(header, "["))
			continue
		}
		if section != "package" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) != "name" {
			continue
		}
		v = strings.TrimSpace(v)
		if strings.HasPrefix(v, "'") {
			if name, _, ok := strings.Cut(v[1:], "'"); ok {
				return name
			}
			continue
		}
		if name, err := strconv.QuotedPrefix(v); err == nil {
			if name, err := strconv.Unquote(name); err == nil {
				return name
			}
		}
	}
	return ""
}

// implStateKey finds "impl StateKey for Type" (the trait by any path; a
// generic type is not one key and is left out).
var implStateKey = regexp.MustCompile(`(?m)^\s*impl\s+(?:[A-Za-z_][\w]*::)*StateKey\s+for\s+([A-Za-z_]\w*)\s*(?:\{|where\b)`)

// crateKeys are the key types of the crate at dir: each "impl StateKey for
// T" in src/ (not src/bin), T's path from the module its file is (lib.rs
// the root, a/b.rs and a/b/mod.rs a::b); what follows #[cfg(test)] in a
// file is a test's.
func crateKeys(dir string) ([]CrateKey, error) {
	src := filepath.Join(dir, "src")
	var keys []CrateKey
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "bin" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".rs") || rel == "main.rs" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if i := bytes.Index(data, []byte("#[cfg(test)]")); i >= 0 {
			data = data[:i]
		}
		// src/lib.rs is the crate's root; a/mod.rs and a.rs are module a
		mod := strings.TrimSuffix(rel, ".rs")
		if mod == "lib" {
			mod = ""
		}
		mod = strings.ReplaceAll(strings.TrimSuffix(mod, "/mod"), "/", "::")
		for _, m := range implStateKey.FindAllSubmatch(data, -1) {
			path := string(m[1])
			if mod != "" {
				path = mod + "::" + path
			}
			keys = append(keys, CrateKey{Path: path, File: filepath.Join("src", filepath.FromSlash(rel))})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(keys, func(a, b CrateKey) int { return strings.Compare(a.Path, b.Path) })
	return keys, nil
}

// program is the awaken program built with the crate.
func (c *Crate) program() (program, error) {
	h := sha256.New()
	fmt.Fprintf(h, "program %s\ncrate %s\nref %s\n", Hash(), c.Dir, c.Ref)
	err := filepath.WalkDir(c.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != c.Dir && (name == "target" || strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".rs") && name != "Cargo.toml" && name != "Cargo.lock" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(c.Dir, p)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		return program{}, fmt.Errorf("awaken: cannot read the crate at %s: %v", c.Dir, err)
	}
	return program{
		hash:  "crate-" + hex.EncodeToString(h.Sum(nil))[:16],
		files: c.files,
		what:  " with the crate " + c.Package + " (" + c.Dir + ")",
	}, nil
}

// files are the program's files with the crate: Cargo.toml with the crate
// as a path dependency, the crate's Cargo.lock when it has one (its
// versions; else the program's), main.rs, and user.rs naming the crate's
// plugin and keys.
func (c *Crate) files() (map[string][]byte, error) {
	out, err := embedded()
	if err != nil {
		return nil, err
	}
	manifest := string(out["Cargo.toml"])
	dep := fmt.Sprintf("%s = { package = %s, path = %s }\n", depName, strconv.Quote(c.Package), strconv.Quote(filepath.ToSlash(c.Dir)))
	manifest = strings.Replace(manifest, "[dependencies]\n", "[dependencies]\n"+dep, 1)
	out["Cargo.toml"] = []byte(manifest)
	if lock, err := os.ReadFile(filepath.Join(c.Dir, "Cargo.lock")); err == nil {
		out["Cargo.lock"] = lock
	}
	var b strings.Builder
	fmt.Fprintf(&b, "//! The crate %s (%s), written by the harness.\n\n", c.Package, c.Dir)
	fmt.Fprintf(&b, "pub const GRAPH: &str = %s;\n\n", strconv.Quote(c.Ref))
	fmt.Fprintf(&b, "pub fn plugin() -> impl awaken_runtime::Plugin {\n    ::%s::%s\n}\n\n", depName, c.Plugin)
	b.WriteString("pub fn keys() -> Vec<crate::UserKey> {\n    vec![\n")
	for _, k := range c.Keys {
		fmt.Fprintf(&b, "        crate::user_key!(::%s::%s),\n", depName, k.Path)
	}
	b.WriteString("    ]\n}\n")
	out["src/user.rs"] = []byte(b.String())
	return out, nil
}

// BuildCrate returns the program built with the crate a scenario names
// (ref, under root), building it when the cache does not hold this
// version of the program and the crate (its .rs files, Cargo.toml and
// Cargo.lock) yet: in the target directory every version shares, so that
// the Awaken crates stay built and a changed crate rebuilds in seconds.
func BuildCrate(root, ref, cacheDir, cargo string, progress io.Writer) (string, error) {
	c, err := ReadCrate(root, ref)
	if err != nil {
		return "", err
	}
	prog, err := c.program()
	if err != nil {
		return "", err
	}
	bin, err := build(cacheDir, cargo, progress, prog)
	if err != nil {
		return "", c.explain(err)
	}
	return bin, nil
}

// explain adds to a failed build what in the crate it points at: a key
// type the program cannot name from the crate's root.
func (c *Crate) explain(err error) error {
	msg := err.Error()
	if !strings.Contains(msg, depName) {
		return err
	}
	var unreachable []string
	for _, k := range c.Keys {
		if strings.Contains(msg, k.Path) || strings.Contains(msg, lastSegment(k.Path)) {
			unreachable = append(unreachable, fmt.Sprintf("%s (%s)", k.Path, k.File))
		}
	}
	if len(unreachable) > 0 {
		return fmt.Errorf("awaken: the crate %s's key types %s may not be reachable from its root, where the program names them: make their modules pub, or re-export them at the crate's root (pub use)\n%v", c.Package, strings.Join(unreachable, ", "), err)
	}
	return fmt.Errorf("%v\nthe program names the crate's plugin (%s) and each key type it found (impl StateKey for <Type>) by its path from the crate's root", err, c.Plugin)
}

func lastSegment(path string) string {
	if i := strings.LastIndex(path, "::"); i >= 0 {
		return path[i+2:]
	}
	return path
}

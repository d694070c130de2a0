package toolchain

import (
	"os/exec"
	"testing"
)

// RequireCargo makes a missing Cargo a failure instead of a skip.
const RequireCargo = "SCENARIO_REQUIRE_CARGO"

// Cargo returns cargo on PATH, or skips (fails under
// SCENARIO_REQUIRE_CARGO=1).
func Cargo(t testing.TB) string {
	t.Helper()
	cargo, why := findCargo()
	require(t, RequireCargo, why)
	return cargo
}

func findCargo() (string, string) {
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		return "", "needs cargo on PATH (https://rustup.rs)"
	}
	if _, err := exec.Command(cargo, "--version").Output(); err != nil {
		return "", "cargo --version failed: " + describe(err)
	}
	return cargo, ""
}

// CargoBuilt goes on when a program cargo builds was built (err nil), or
// skips naming why not, as on a machine whose cargo is too old or cannot
// reach the crate registry (fails under SCENARIO_REQUIRE_CARGO=1).
func CargoBuilt(t testing.TB, err error) {
	t.Helper()
	if err == nil {
		return
	}
	// a machine without cargo is told so, not that a build failed
	if _, why := findCargo(); why != "" {
		require(t, RequireCargo, why)
		return
	}
	require(t, RequireCargo, "cargo could not build the program: "+err.Error())
}

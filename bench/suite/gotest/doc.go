// Package gotest runs a generated typical suite (bench/suite/gen) under
// go test, for whole-process timings of compiled test binaries: TestScenario
// runs it with scenario.Run, TestBareGodog runs the same step texts on no-op
// steps with godog alone, each scenario a subtest in both.
//
//	go run ./bench/suite/gen -n 1000 -out DIR
//	SCENARIO_BENCH_SUITE=DIR go test ./bench/suite/gotest
//
// Without SuiteEnv set both tests skip. `go run ./bench/suite/compare`
// builds the test binary and times it.
package gotest

// SuiteEnv names the environment variable that holds the generated suite's
// directory.
const SuiteEnv = "SCENARIO_BENCH_SUITE"

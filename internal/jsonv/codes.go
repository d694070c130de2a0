package jsonv

// Code is the stable name of an error. Scenarios assert on codes
// (`Then the step should fail with "READONLY_WRITE"`), so codes never change.
type Code string

// The codes of values that break a rule of docs/reference.md, Values; the engine's reference
// (engine.Codes) documents them with the others.
const (
	NonJSONValue  Code = "NON_JSON_VALUE"
	DuplicateKey  Code = "DUPLICATE_KEY"
	InvalidUTF8   Code = "INVALID_UTF8"
	UnsafeInteger Code = "UNSAFE_INTEGER"
	TooDeep       Code = "TOO_DEEP"
	TooLarge      Code = "TOO_LARGE"
)

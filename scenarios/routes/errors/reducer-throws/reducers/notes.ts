export default function notes(current: string[], incoming: string | string[]): string[] {
  if (typeof incoming === "string") {
    throw new TypeError(`a note is a list of strings, got ${JSON.stringify(incoming)}`);
  }
  return [...current, ...incoming];
}

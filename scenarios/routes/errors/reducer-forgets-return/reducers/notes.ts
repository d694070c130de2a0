// Pushes onto current and forgets to return it.
export default function notes(current: string[], incoming: string[]) {
  current.push(...incoming);
}

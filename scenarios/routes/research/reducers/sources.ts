// Sources are kept once per id: a source found again replaces the one
// found before, in its place; new ones are appended.
type Source = { id: string; title: string };

export default function sources(current: Source[], incoming: Source | Source[]): Source[] {
  const out = [...current];
  for (const s of Array.isArray(incoming) ? incoming : [incoming]) {
    const i = out.findIndex((c) => c.id === s.id);
    if (i >= 0) out[i] = s;
    else out.push(s);
  }
  return out;
}

// state.ts declares no tags field.
export default (current: string[], incoming: string[]) => [...new Set([...current, ...incoming])];

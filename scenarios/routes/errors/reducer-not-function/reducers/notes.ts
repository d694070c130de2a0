// Not a function: an object holding one.
export default {
  merge: (current: string[], incoming: string[]) => [...current, ...incoming],
};

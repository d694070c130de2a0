// A plain object of defaults, not a schema.
export default { notes: [] as string[] };

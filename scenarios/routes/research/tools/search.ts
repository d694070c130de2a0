// A route-local tool: Dawn names it after its file.
export default async function search(input: { query: string }) {
  return { results: [`a result for ${input.query}`] };
}

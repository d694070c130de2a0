// A route-local tool named like the planning capability's own.
export default async function writeTodos(input: { todos: unknown[] }) {
  return input;
}

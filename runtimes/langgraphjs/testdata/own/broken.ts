// A TypeScript module with a syntax error, for own_graph_test.go.
export const graph = (1 +;

/** The SQL statements that add copies from .. to-1 of the demo's posts, and their share of the rest. */
export function growSql(from: number, to: number): string[];

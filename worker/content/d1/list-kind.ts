/**
 * The kinds of member of the list index (scripts/content/sql/list-sql.ts): on equal dates /blog
 * lists posts before aggregated posts (kind DESC). Pure TypeScript, shared with the migration's
 * generator.
 */
export const LIST_KIND = { aggregated: 0, post: 1, mixtape: 2, release: 3, event: 4, artist: 5 } as const;

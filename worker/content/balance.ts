/** Half of `limit` from each list (the first gets the odd one), topped up from the other list. */
export function balance<T>(first: T[], second: T[], limit: number): T[] {
  let a = Math.min(first.length, Math.ceil(limit / 2));
  const b = Math.min(second.length, limit - a);
  a = Math.min(first.length, limit - b);
  return [...first.slice(0, a), ...second.slice(0, b)];
}

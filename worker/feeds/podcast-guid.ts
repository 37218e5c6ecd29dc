/** The namespace of `podcast:guid`, as Podcastindex's podcast namespace defines it. */
const NAMESPACE = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";

/**
 * A feed's `podcast:guid`: a UUID version 5 of its URL without the scheme and trailing slashes,
 * in the namespace above. Anyone who knows the feed's URL computes the same one, and it stays the
 * podcast's identity in the directories when the feed later moves.
 */
export async function podcastGuid(feedUrl: string): Promise<string> {
  const name = feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, "");
  const namespace = NAMESPACE.replace(/-/g, "")
    .match(/../g)
    ?.map((h) => Number.parseInt(h, 16)) as number[];
  const bytes = new Uint8Array([...namespace, ...new TextEncoder().encode(name)]);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-1", bytes)).slice(0, 16);
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = [...hash].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

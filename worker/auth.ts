/**
 * True when the request carries `Authorization: Bearer <expected>`. Both tokens are hashed
 * first and the digests compared without an early exit, so the time taken says nothing about
 * the expected token, its length included.
 */
export async function hasBearerToken(request: Request, expected: string): Promise<boolean> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  const given = match?.[1] ?? "";
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0 && given.length > 0;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

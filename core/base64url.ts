/**
 * base64url without padding (RFC 4648 section 5), in WebCrypto's terms: the Worker and Node both
 * run it. The desk's session cookies, the preview links, the editors' sign-in tokens and the
 * Access tokens' parts are spelled with it.
 */
export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = "";
  for (const b of view) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The bytes of a base64url text, or null for anything else. Only the spelling base64url() writes
 * is read: spare bits in the last character would otherwise let several texts (a cookie, a CSRF
 * token, a signature) carry the same bytes.
 */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return base64url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

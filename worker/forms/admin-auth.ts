/**
 * The admin check of docs/product.md section 6: `Authorization: Bearer <ADMIN_TOKEN>`. Without a
 * configured token the endpoints do not exist (404); a missing or wrong token is 401.
 */
export type AdminCheck = "allowed" | "disabled" | "unauthorized";

const encoder = new TextEncoder();

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", encoder.encode(text));
}

/**
 * Compares the presented token with the configured one in constant time: both are hashed first
 * (equal lengths whatever was sent), then compared with workerd's timingSafeEqual.
 */
export async function checkAdmin(
  token: string | undefined,
  authorization: string | null,
): Promise<AdminCheck> {
  if (!token) return "disabled";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const presented = match?.[1] ?? "";
  const [a, b] = await Promise.all([digest(presented), digest(token)]);
  // workerd's extension of SubtleCrypto; the DOM lib in this project's tsconfig does not know it.
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean };
  const equal = subtle.timingSafeEqual(a, b);
  return equal && presented !== "" ? "allowed" : "unauthorized";
}

/**
 * docs/product.md section 5: something, an at sign, something, a dot, something (no spaces). Shared by
 * the newsletter and the submission form, in the browser and in the Worker.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address SMTP allows (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

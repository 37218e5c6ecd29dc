import type { PickOptions } from "@core/content/pick-options";

/**
 * What the newsletter form shows (docs/product.md section 4): the email step (idle, or a result), or the
 * second step with optional details. The no-JavaScript action returns one of these; the
 * enhanced form moves between them in the browser.
 */
export type NewsletterView =
  | {
      step: "email";
      status: "idle" | "success" | "error";
      message: string | null;
      email: string;
      invalid: boolean;
    }
  | { step: "details"; email: string; options?: PickOptions };

type EmailStep = Extract<NewsletterView, { step: "email" }>;

export const IDLE: EmailStep = {
  step: "email",
  status: "idle",
  message: null,
  email: "",
  invalid: false,
};

const ORIGIN = "https://return-path.invalid";

/**
 * A same-site path to go back to after a no-JavaScript sign-up; anything else is home. The
 * value comes from a form any site can post, so it is read as a browser reads a link: browsers
 * drop tabs and line breaks inside a URL and take a backslash for "/", which turns
 * "/<TAB>/evil.example" or "/<backslash>evil.example" into "//evil.example", another site
 * (the "Continue browsing" link would leave the site). Control characters and backslashes
 * are refused outright; what is left must resolve to this origin, and the path handed back is
 * the resolved one (so "/.//evil.example" cannot become "//evil.example" either).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return "/";
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === ORIGIN && path.startsWith("/") && !path.startsWith("//") ? path : "/";
}

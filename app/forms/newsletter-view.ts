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
  | { step: "details"; email: string };

type EmailStep = Extract<NewsletterView, { step: "email" }>;

export const IDLE: EmailStep = {
  step: "email",
  status: "idle",
  message: null,
  email: "",
  invalid: false,
};

/** A same-site path to go back to after a no-JavaScript sign-up; anything else is home. */
export function safeReturnPath(value: unknown): string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : "/";
}

// What tests/support/workers-global-setup.ts (Node) provides to the workerd tests through inject().
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    failingCms: {
      down: string;
      slow: string;
      garbage: string;
      error: string;
      wrong: string;
      empty: string;
      refused: string;
      origin: string;
    };
    sentryStandIn: string;
    /** Turnstile's siteverify stand-in (tests/support/turnstile-stand-in.ts) and a port nobody listens on. */
    turnstileStandIn: { origin: string; down: string };
    faultServer: string;
    /** A 1600 × 1000 photo-like JPEG, base64 (scripts/media/photos.ts). */
    photo: string;
  }
}

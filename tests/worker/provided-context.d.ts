// What tests/support/workers-global-setup.ts and the vitest configs (Node) provide to the tests through inject().
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
    /** The demo catalogue read from content/, as JSON (tests/support/demo-catalogue.ts). */
    demoCatalogue: string;
  }
}

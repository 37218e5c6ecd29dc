import { SVIX_TOLERANCE_SECONDS } from "./svix";

/**
 * The webhook's deliveries accepted lately (the operational store's `deliveries`,
 * worker/ops/store.ts; docs/decisions/124-links-and-deliveries-checked-first.md). Svix's signature
 * holds for five minutes either side of its timestamp: within that time a captured delivery would
 * pass again, so each accepted `svix-id` is kept until its timestamp no longer would, and a second
 * one is answered without acting. The provider retries a delivery with the same id, which is what
 * it should get too once the first was acted on.
 */

/** Until when (ms since 1970) a delivery signed at `timestamp` (seconds) is kept. */
export function deliveryExpiry(timestamp: number): number {
  return (timestamp + SVIX_TOLERANCE_SECONDS) * 1000;
}

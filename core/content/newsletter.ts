/** The newsletter subscriber payload (docs/product.md section 3). */
export interface SubscriberInput {
  email: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  source: "website_footer";
  /** The artists and genres picked in the second step (docs/decisions/090-newsletter-picks.md). */
  picks?: Picks;
  /**
   * Double opt-in (docs/decisions/081-double-opt-in.md): store the address as pending until its
   * confirmation link is used. Absent or false: confirmed at once (no mail configured).
   */
  pending?: boolean;
}

export interface SubscribeResult {
  /** The message to show (the server's message, else 'Successfully subscribed!'). */
  message: string;
  /**
   * A pending sign-up that needs its confirmation mail now (a new one, or a repeat whose last
   * mail is older than the resend interval); absent for a confirmed or suppressed address.
   */
  confirmation?: PendingSubscriber;
}

/** Who a confirmation link is for: signed over both, so a reused id never confirms another address. */
export interface PendingSubscriber {
  id: number;
  email: string;
}

/** What a subscriber asked to hear about, by slug (docs/decisions/090-newsletter-picks.md). */
export interface Picks {
  artists: string[];
  genres: string[];
}

export const NO_PICKS: Picks = { artists: [], genres: [] };

/** The newsletter sign-up. */
export interface NewsletterStore {
  /** A repeat sign-up of the same address (any letter case) is not an error. */
  subscribe(input: SubscriberInput): Promise<SubscribeResult>;
  /** The export and unsubscribe of docs/decisions/032-embedded-store-operations.md (and 088 for Strapi). */
  admin?: NewsletterAdmin;
  /** The store's half of double opt-in (docs/decisions/081-double-opt-in.md, 088 for Strapi). */
  optIn: NewsletterOptIn;
}

/** A subscriber as a confirmation link sees it. */
export interface SubscriberState {
  id: number;
  email: string;
  status: "pending" | "confirmed";
}

/**
 * Pending sign-ups and their confirmation, in whichever store keeps the subscribers. The
 * suppression list and the link's signing key stay in D1 in both modes (worker/mail/).
 */
export interface NewsletterOptIn {
  /** The subscriber a confirmation link names, or null when there is none (removed, never made). */
  find(id: number): Promise<SubscriberState | null>;
  /** Confirms subscriber `id` at `email`, idempotently: the first consent time is kept. */
  confirm(id: number, email: string): Promise<void>;
  /** Removes pending sign-ups whose last confirmation went out before `cutoff` (ISO 8601); how many. */
  removeExpired(cutoff: string): Promise<number>;
  /** The confirmation mail did not go out: the next sign-up of the address sends it at once. */
  notSent(id: number): Promise<void>;
}

/** One subscriber as the operator's export shows it. */
export interface Subscriber {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  source: string;
  /** ISO 8601. */
  subscribedAt: string;
  /** ISO 8601: when the subscriber confirmed (consent); before double opt-in, the sign-up time. */
  confirmedAt: string | null;
  /** Random, 128 bits as 32 hex digits: the key of the subscriber's unsubscribe link. */
  unsubscribeToken: string;
  /** The artists and genres the subscriber picked. */
  picks: Picks;
}

export interface NewsletterAdmin {
  /** Up to `limit` subscribers with ids above `afterId`, by id (the export reads in batches). */
  listSubscribers(afterId: number, limit: number): Promise<Subscriber[]>;
  /**
   * Up to `limit` sign-ups still waiting for their confirmation, with ids above `afterId`, by id
   * (the review desk's Subscribers page; never the export).
   */
  listPending(afterId: number, limit: number): Promise<Subscriber[]>;
  findByToken(token: string): Promise<Subscriber | null>;
  /**
   * Removes the subscriber with that token, answering the address (the caller adds it to the
   * suppression list); null when there is none (unknown or used).
   */
  unsubscribe(token: string): Promise<string | null>;
  /** How many confirmed subscribers there are. */
  countConfirmed(): Promise<number>;
}

/** Every visitor-facing text that docs/product.md fixes, in one place (docs/conventions.md "Errors"). */
export const TEXTS = {
  loading: "Loading...",
  pageErrorTitle: "Something went wrong",
  pageErrorBody: "We're sorry, but there was an error loading this content.",
  refreshPage: "Refresh Page",
  unexpectedError: "Unexpected Application Error",
  notFoundTitle: "Page not found",
  notFoundBody: "The page you are looking for doesn't exist or has moved.",
  // A query parameter a page cannot take (docs/decisions/121-one-reader-per-parameter.md): the
  // reader's message ("page must be a whole number from 1 to 10000") says what is wrong.
  badRequestTitle: "This link doesn't work",
  badRequestBody: (problem: string) => `In its address, ${problem}.`,
  unknownArtist: "Unknown Artist",
  loadingGenres: "Loading genres...",
  loadingLocations: "Loading locations...",
  backToBlog: "Back to Blog",
  searchEmpty: "Start typing to search...",
  searchLabel: "Search",
  searchPlaceholder: "Artists, tracks, genres, cities…",
  suggestionsLabel: "Suggestions",
  suggestionPost: "Post",
  suggestionMixtape: "Mixtape",
  searchEnterHint: "Press Enter to see every result",
  searchNoResults: "Nothing matches that yet. Try fewer words or another spelling.",
  searchDegraded: "Search is having trouble right now. Please try again in a moment.",
  close: "Close",
  newsletterTitle: "Stay in the Loop",
  invalidEmail: "Please enter a valid email address",
  subscribed: "Successfully subscribed!",
  // Double opt-in: the same answer for a new, a pending and a known address (docs/product.md section 5).
  subscribeCheckInbox:
    "Almost there: check your inbox and open the link we sent to confirm your subscription.",
  subscribeFailed: "Failed to subscribe",
  subscribeInvalidResponse: "Server returned invalid response",
  subscribeRetry: "Failed to subscribe. Please try again.",
  // Newsletter second step and its buttons (docs/product.md section 4).
  newsletterDetailsPrompt: "Tell us a little more (optional)",
  newsletterSubscribe: "Subscribe",
  newsletterSkip: "Skip",
  newsletterComplete: "Complete",
  suggestionArtist: "Artist",
  // Turnstile on the forms (docs/decisions/127); the server's refusals are worker/forms/texts.ts.
  humanCheckNoScript: "This form needs JavaScript to check that you are a person (Cloudflare Turnstile).",
} as const;

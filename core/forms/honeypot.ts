/** A hidden field people never see; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "website";

export { confirmPages } from "./confirm";
export { csvField, csvRow } from "./csv";
export { newsletterApi, subscribersCsv } from "./export";
export { picksApi } from "./picks";
export { unsubscribePages } from "./unsubscribe";

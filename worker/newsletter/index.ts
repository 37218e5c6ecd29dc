export { csvField, csvRow } from "./csv";
export { newsletterApi } from "./export";
export { unsubscribePages } from "./unsubscribe";

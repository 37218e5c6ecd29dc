/**
 * The Cache-Control of a page whose list streams in after the headers left: the list may still
 * fail then, and a failure cannot change headers already sent. No browser or shared cache may
 * reuse such a page without asking again; the Worker's page cache, which checks the whole page
 * before keeping it, does the speed work (docs/decisions/027-no-cache-while-streaming.md).
 */
export const STREAMED_PAGE_CACHE_CONTROL = "no-cache";

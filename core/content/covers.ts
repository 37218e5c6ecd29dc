/** The stock cover shown when content has none (docs/product.md section 3, display defaults). */
export const PLACEHOLDER_COVER = "/media/covers/placeholder.svg";

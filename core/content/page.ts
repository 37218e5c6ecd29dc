/** One page of a list (docs/product.md section 3): its items and where it stands in the whole. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

/** Paging and a text filter: the lists of mixtapes and releases. */
export interface ListFilter {
  page?: number;
  pageSize?: number;
  search?: string;
  /**
   * Only the slug and date of each item are read (the sitemap's files): an adapter may leave
   * the other fields empty, or fill them all as usual.
   */
  lean?: boolean;
}

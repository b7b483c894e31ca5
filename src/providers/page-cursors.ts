/** How many lists (resource, filters, sort, page size) keep their cursors: the ones a user moves between. */
const LISTS_KEPT = 20;

/**
 * The keyset cursors a list has been handed: the server's nextCursor of page n opens page n + 1
 * at the cost of page 1, however deep (a million bags page by page). Pages never reached in
 * order fall back to offsets.
 */
export function pageCursors() {
  const lists = new Map<string, Map<number, string>>();
  return {
    cursorFor: (list: string, pageNum: number) => lists.get(list)?.get(pageNum),
    remember(list: string, pageNum: number, nextCursor: string | undefined) {
      const cursors = lists.get(list) ?? new Map<number, string>();
      lists.delete(list); // re-inserted last: the most recently used list is kept longest
      lists.set(list, cursors);
      if (nextCursor) cursors.set(pageNum + 1, nextCursor);
      if (lists.size > LISTS_KEPT) lists.delete(lists.keys().next().value!);
    },
  };
}

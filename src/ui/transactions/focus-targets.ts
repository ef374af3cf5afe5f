/** The element ids the transactions page gives the focus to after a save, an edit or a deletion. */

/** The page's heading: the focus goes there when nothing nearer is left. */
export const PAGE_HEADING = 'transactions-heading';
/** Where the focus goes once the confirm dialog has closed: the place the deleted rows were. */
export const headingOf = (ticker: string) => `ticker-${ticker}`;
/** The heading of the list of transactions a search, a filter or an order shows. */
export const MATCHES_HEADING = 'matches-heading';
/** The Edit button of the listed transaction `id`: the focus comes back to it after an edit (the id stays). */
export const editButtonOf = (id: number) => `edit-${id}`;
/** The heading of the cash rows' section. */
export const CASH_HEADING = 'cash-heading';

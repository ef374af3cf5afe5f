import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ListedSet, ListedTransaction } from '../../model';
import { inView, selectAccounts, selectView } from '../../machines/view-selectors';
import { selectMatches, selectSearchError, selectSearching, selectTransactionsVersion } from '../../machines/selectors';
import { isPlainListing, sameQuery, type TransactionQuery } from '../../model/transaction-query';
import { usePortfolioActor, useTransactionListActor } from '../app-context';

/** What a search found: its rows, how many match in all, and whether it answers the current query. */
export interface FoundTransactions {
  rows: ListedTransaction[];
  total: number;
  current: boolean;
}

/**
 * The transactions that match `query`, joined from the worker's ids to the rows of `shownSet`; `plain` when
 * the query is the plain listing (no search, filter or order), which needs none of it.
 */
export function useTransactionSearch(query: TransactionQuery, shownSet: ListedSet | null) {
  const portfolio = usePortfolioActor();
  const version = useSelector(portfolio, selectTransactionsVersion);
  const accounts = useSelector(portfolio, selectAccounts);
  const view = useSelector(portfolio, selectView);
  const lister = useTransactionListActor();
  const matches = useSelector(lister, selectMatches);
  const searching = useSelector(lister, selectSearching);
  const searchError = useSelector(lister, selectSearchError);
  const plain = isPlainListing(query);
  // A search, a filter or an order is computed in the worker, which holds the set: asked again for each new
  // query and each new version of the set. The plain listing needs none.
  useEffect(() => {
    if (!plain) lister.send({ type: 'list.query', query });
  }, [lister, plain, query, version]);
  // The worker's answer, drawn from the listing the page holds (ids the page does not hold yet are left out).
  // The index by id is built for a search only: the plain listing (and a new set, 70,000 rows after an
  // import on XL) does without it.
  const byId = useMemo(() => {
    if (plain) return null;
    const ids = new Map<number, ListedTransaction>();
    if (shownSet)
      for (const list of [shownSet.stock, shownSet.dividend, shownSet.commission])
        for (const t of list) ids.set(t.id, t);
    return ids;
  }, [plain, shownSet]);
  const found = useMemo((): FoundTransactions | null => {
    if (plain || !matches || !byId) return null;
    const rows: ListedTransaction[] = [];
    // The view's rows only: the worker searched every account's.
    for (const id of matches.ids) {
      const t = byId.get(id);
      if (t && inView(t, accounts, view)) rows.push(t);
    }
    return { rows, total: matches.total, current: sameQuery(matches.query, query) };
  }, [plain, matches, byId, query, accounts, view]);
  return { plain, found, searching, searchError };
}

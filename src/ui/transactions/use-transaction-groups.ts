import { useSelector } from '@xstate/react';
import { useDeferredValue, useMemo, useRef } from 'react';
import type { ListedTransaction, TickerGroups } from '../../model';
import { selectView, selectViewByTicker } from '../../machines/view-selectors';
import {
  selectTickerRevisions,
  selectTransactions,
  tickerSections,
  type TickerSection,
} from '../../machines/selectors';
import { usePortfolioActor } from '../app-context';
import { useSectionsMounted } from '../components/sections-mounted';

/** Ticker sections in the page's first commit, and how many more each following task adds. */
const SECTIONS_PER_TASK = 4;

/**
 * The set the page holds, grouped in one section per ticker: `set` as it came, `shownSet` and `groups` as
 * drawn (a render behind after a change), `sectionsMounted` of them mounted so far, and the tickers' names.
 */
export function useTransactionGroups() {
  const portfolio = usePortfolioActor();
  const set = useSelector(portfolio, selectTransactions);
  // The view's rows only (one account, or all): a ticker with none in it has no section.
  const byTicker = useSelector(portfolio, selectViewByTicker);
  const view = useSelector(portfolio, selectView);
  const revisions = useSelector(portfolio, selectTickerRevisions);
  // A new set (a save, an import of thousands of rows) is grouped and drawn in a render of its own, after
  // the task that brought it from the worker or the server: neither makes one long task of both.
  const shownSet = useDeferredValue(set);
  const shownByTicker = useDeferredValue(byTicker);
  const shownRevisions = useDeferredValue(revisions);
  const shownView = useDeferredValue(view);
  // A ticker whose revision the worker left as it was keeps its section (the same arrays): only the sections
  // of the tickers a change touched are grouped and drawn again. The last sections built are remembered
  // for that, drawn or not: a section stands for its ticker's rows at its revision, whichever render built
  // it; and a deferred render that an urgent one interrupted finds them again instead of grouping anew.
  // A section is kept only within one view: another view's section of a ticker holds other rows.
  const built = useRef<{
    byTicker: TickerGroups<ListedTransaction> | null;
    revisions: Readonly<Record<string, number>>;
    view: string | null;
    sections: TickerSection[];
  } | null>(null);
  const groups = useMemo(() => {
    const last = built.current;
    if (last && last.byTicker === shownByTicker && last.revisions === shownRevisions) return last.sections;
    const sections = tickerSections(shownByTicker, shownRevisions, last?.view === shownView ? last.sections : []);
    built.current = {
      byTicker: shownByTicker as TickerGroups<ListedTransaction> | null,
      revisions: shownRevisions,
      view: shownView,
      sections,
    };
    return sections;
  }, [shownByTicker, shownRevisions, shownView]);
  const sectionsMounted = useSectionsMounted(groups.length, SECTIONS_PER_TASK);
  const tickers = useMemo(() => groups.map((group) => group.ticker), [groups]);
  return { set, shownSet, groups, sectionsMounted, tickers };
}

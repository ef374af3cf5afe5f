/**
 * The holdings imported under their ISIN because no symbol was known: each takes a Yahoo symbol, which
 * renames its ticker in every transaction in one versioned save (the worker keeps the symbol as the
 * user's choice for that ISIN first, so the next import proposes it).
 */
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { selectSaveError, selectSaving, selectUnpricedProducts, type UnpricedProduct } from '../../machines/selectors';
import { normaliseTicker, NOT_A_TICKER } from '../../model/transaction';
import { usePortfolioActor, useTransactionsActor } from '../app-context';

function UnpricedProductForm({ product, index, saving }: { product: UnpricedProduct; index: number; saving: boolean }) {
  const saver = useTransactionsActor();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = product.product ?? product.isin;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const symbol = normaliseTicker(typed);
    if (!symbol) {
      setProblem(`"${typed.trim()}" ${NOT_A_TICKER}.`);
      return;
    }
    setProblem(null);
    saver.send({ type: 'transactions.renameTicker', from: product.isin, to: symbol });
  };
  return (
    <li>
      <form onSubmit={submit} aria-label={`Symbol for ${name}`}>
        <label htmlFor={`unpriced-${index}`}>
          {name}
          {product.product ? ` (${product.isin})` : ''}: Yahoo symbol
        </label>{' '}
        <input
          id={`unpriced-${index}`}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `unpriced-problem-${index}` : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />{' '}
        <button type="submit" disabled={saving || typed.trim() === ''}>
          Use this symbol
        </button>
        {problem ? (
          <p id={`unpriced-problem-${index}`} role="alert" className="error">
            {problem}
          </p>
        ) : null}
      </form>
    </li>
  );
}

export function UnpricedProducts() {
  const products = useSelector(usePortfolioActor(), selectUnpricedProducts);
  const saver = useTransactionsActor();
  const saving = useSelector(saver, selectSaving);
  const error = useSelector(saver, selectSaveError);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="unpriced-heading" className="unpriced notice">
      <h2 id="unpriced-heading">Products without a price source ({products.length})</h2>
      <p className="hint">
        Imported under their ISIN and valued at their own trade prices. Give each its Yahoo symbol (as on
        finance.yahoo.com, e.g. VWCE.DE): every transaction of it is renamed, and your next import proposes it.
      </p>
      <ul>
        {products.map((product, index) => (
          <UnpricedProductForm key={product.isin} product={product} index={index} saving={saving} />
        ))}
      </ul>
      {saving ? <p role="status">Saving…</p> : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

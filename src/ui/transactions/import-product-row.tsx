import type { TickerCheck } from '../../machines/import-machine';
import type { SymbolCandidate } from '../../model/symbols';
import type { ProductChoice } from '../../worker';

/** Where a product's symbol comes from, in the preview's words. */
const SOURCE_LABELS: Record<string, string> = {
  saved: 'saved: your earlier choice',
  lookup: 'lookup: found by its ISIN',
  table: 'table: the shipped ISIN list',
  placeholder: 'placeholder: no price source',
  'none-needed': 'none-needed: not priced',
};

export const candidateLabel = (candidate: SymbolCandidate): string =>
  [candidate.symbol, candidate.name, candidate.venue || candidate.exchange, candidate.currency]
    .filter((part) => part)
    .join(' · ');

interface Props {
  product: ProductChoice;
  index: number;
  /** What the user typed or picked for it in this preview; undefined when nothing. */
  edit: string | undefined;
  check: TickerCheck | undefined;
  disabled: boolean;
  onChange: (ticker: string) => void;
  onCheck: () => void;
}

/**
 * One product of the import preview: its name and ISIN, the symbol it will be imported under (typed, or
 * picked from the listings the lookup found), where that symbol came from, and the check of a typed one.
 */
export function ImportProductRow({ product, index, edit, check, disabled, onChange, onCheck }: Props) {
  const name = product.product || product.key;
  const proposed = product.source === 'placeholder' ? '' : (product.ticker ?? '');
  const value = edit ?? proposed;
  const source =
    edit === undefined
      ? SOURCE_LABELS[product.source ?? 'placeholder']
      : edit === ''
        ? SOURCE_LABELS.placeholder
        : 'your choice';
  const noPriceSource = value === '' && product.source !== 'none-needed';
  const inputId = `import-ticker-${index}`;
  const describedBy = [
    `import-source-${index}`,
    check ? `import-check-${index}` : null,
    product.problem ? `import-problem-${index}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const listed = product.candidates.some((candidate) => candidate.symbol === value);
  return (
    <tr>
      <td>
        {name}
        {product.isin ? <small className="hint"> {product.isin}</small> : null}
        {product.currency ? <small className="hint"> priced in {product.currency}</small> : null}
      </td>
      <td>
        {product.source === 'none-needed' ? (
          <input
            id={inputId}
            aria-label={`Ticker for ${name}`}
            value={product.ticker ?? ''}
            readOnly
            aria-describedby={describedBy}
          />
        ) : (
          <>
            <input
              id={inputId}
              aria-label={`Ticker for ${name}`}
              aria-describedby={describedBy}
              value={value}
              placeholder={product.ticker && product.source === 'placeholder' ? product.ticker : 'Yahoo symbol'}
              disabled={disabled}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => onChange(e.target.value)}
              onBlur={() => {
                if (edit !== undefined && edit !== '' && !listed && check?.symbol !== edit) onCheck();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && edit) {
                  e.preventDefault();
                  onCheck();
                }
              }}
            />
            {product.candidates.length > 0 ? (
              <select
                aria-label={`Listings found for ${name}`}
                value={listed ? value : ''}
                disabled={disabled}
                onChange={(e) => onChange(e.target.value)}
              >
                <option value="">
                  {listed
                    ? 'No symbol (ISIN placeholder)'
                    : `${product.candidates.length} listing${product.candidates.length === 1 ? '' : 's'} found…`}
                </option>
                {product.candidates.map((candidate) => (
                  <option key={candidate.symbol} value={candidate.symbol}>
                    {candidateLabel(candidate)}
                  </option>
                ))}
              </select>
            ) : null}
          </>
        )}
        {product.problem ? (
          <small id={`import-problem-${index}`} className="error">
            {product.problem}
          </small>
        ) : null}
        {check ? (
          <small
            id={`import-check-${index}`}
            className={check.status === 'none' ? 'error' : 'hint'}
            role={check.status === 'checking' ? undefined : 'status'}
          >
            {check.message}
          </small>
        ) : null}
      </td>
      <td>
        <span id={`import-source-${index}`} className={noPriceSource ? 'no-price' : 'hint'}>
          {noPriceSource
            ? `${SOURCE_LABELS.placeholder}: imported under ${product.ticker ?? 'its ISIN'}, valued at its own trade prices`
            : source}
        </span>
      </td>
    </tr>
  );
}

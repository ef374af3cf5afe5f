import { useSelector } from '@xstate/react';
import {
  selectImportChecks,
  selectImportError,
  selectImportFileName,
  selectImportLookingUp,
  selectImportLookupMessage,
  selectImportPreview,
  selectImportProgress,
  selectImportResult,
  selectImportRows,
  selectImportStatus,
  selectImportTarget,
  selectImportTickers,
} from '../../machines/selectors';
import { useEffect, useRef } from 'react';
import { useFocusWhen } from '../a11y/focus';
import { selectAccounts } from '../../machines/view-selectors';
import { useImportActor, usePortfolioActor } from '../app-context';
import { ImportAccountChoice } from './import-account-choice';
import { CashCountItems, ImportReconciliation } from './import-reconciliation';
import { MappingStep } from './mapping-step';
import { useFormats } from '../locale-context';
import { ImportProductRow } from './import-product-row';
import { ImportResult } from './import-result';

/**
 * 'Upload from file:' and the whole DEGIRO import flow: progress, preview (each product's symbol, where
 * it came from, the listings found, free typing), confirm, result. Import always works: a product
 * without a symbol goes in under its ISIN. The focus follows the flow: the preview's heading when it
 * appears (its Import button comes right after the counts, before the products), the result or the
 * error when the import ends.
 */
export function ImportPanel() {
  const importer = useImportActor();
  const status = useSelector(importer, selectImportStatus);
  const fileName = useSelector(importer, selectImportFileName);
  const progress = useSelector(importer, selectImportProgress);
  const rows = useSelector(importer, selectImportRows);
  const preview = useSelector(importer, selectImportPreview);
  const tickers = useSelector(importer, selectImportTickers);
  const checks = useSelector(importer, selectImportChecks);
  const lookingUp = useSelector(importer, selectImportLookingUp);
  const lookupMessage = useSelector(importer, selectImportLookupMessage);
  const result = useSelector(importer, selectImportResult);
  const error = useSelector(importer, selectImportError);
  const target = useSelector(importer, selectImportTarget);
  const accounts = useSelector(usePortfolioActor(), selectAccounts);
  // A new account needs a name, and an existing one must still be there.
  const noTarget =
    target !== null &&
    ('newAccount' in target
      ? target.newAccount.trim() === ''
      : !accounts.some((account) => account.id === target.account));
  const formats = useFormats();
  // Without a symbol: nothing typed or picked, and none proposed (a placeholder), or the proposal emptied.
  const needTicker = (preview?.products ?? []).flatMap((product, index) => {
    const edit = tickers[product.key];
    const none =
      edit === undefined ? product.source === 'placeholder' : edit === '' && product.source !== 'none-needed';
    return none ? [{ product, index }] : [];
  });
  const priced = (preview?.products ?? []).filter((product) => product.source !== 'none-needed').length;
  // Nothing new and nothing to complete: the import would change nothing, so it is not offered.
  const nothingToImport = preview !== null && preview.newTransactions === 0 && preview.completes === 0;
  // The result names the rows the file had that were left out; the preview (still held) counted them.
  const leftOut = preview?.counts.unrecognised ?? 0;
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const resultBox = useRef<HTMLDivElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  useFocusWhen(previewHeading, status === 'preview' && preview !== null);
  useFocusWhen(resultBox, status === 'done' && result !== null, { notAtMount: true });
  useFocusWhen(failureBox, status === 'failed', { notAtMount: true });
  const busy = status === 'parsing' || status === 'saving';
  // The field keeps the chosen file's name while that file is read, previewed and saved (not "No file
  // chosen" beside its preview); once the import ends, or nothing is open any more, it is emptied so the
  // same file can be chosen again.
  const fileInput = useRef<HTMLInputElement>(null);
  const fileOpen =
    status === 'parsing' || status === 'preview' || status === 'saving' || (status === 'idle' && fileName !== null);
  useEffect(() => {
    if (!fileOpen && fileInput.current) fileInput.current.value = '';
  }, [fileOpen]);

  return (
    <section className="import" aria-labelledby="import-heading">
      <h2 id="import-heading" className="visually-hidden">
        Import
      </h2>
      <label htmlFor="import-file">Upload from file:</label>{' '}
      <input
        id="import-file"
        ref={fileInput}
        type="file"
        accept=".csv"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) importer.send({ type: 'import.fileSelected', file, accounts });
        }}
      />
      <p className="hint">
        A DEGIRO account statement (Account.csv), in any of DEGIRO&apos;s languages, or another broker&apos;s CSV: you
        then say which column holds what.
      </p>
      <MappingStep />
      {status === 'parsing' ? (
        <div role="status">
          <p>
            Reading {fileName}… {formats.count(rows)} rows
          </p>
          <progress max={1} value={progress ?? undefined} aria-label="Import progress" />{' '}
          <button type="button" className="secondary" onClick={() => importer.send({ type: 'import.cancel' })}>
            Cancel
          </button>
        </div>
      ) : null}
      {status === 'failed' ? (
        <div ref={failureBox} tabIndex={-1} role="alert" className="error">
          <p>{error}</p>
          <button type="button" className="secondary" onClick={() => importer.send({ type: 'import.dismiss' })}>
            Close
          </button>
        </div>
      ) : null}
      {status === 'done' && result ? (
        <ImportResult box={resultBox} fileName={fileName} result={result} accounts={accounts} leftOut={leftOut} />
      ) : null}
      {(status === 'preview' || status === 'saving') && preview ? (
        <div className="import-preview" role="region" aria-label="Import preview">
          <h3 ref={previewHeading} tabIndex={-1}>
            Preview of {fileName}
          </h3>
          <p>
            <strong>{preview.newTransactions} new</strong>, {preview.alreadyImported} already imported.
          </p>
          <ul className="counts">
            <li>Buys: {preview.counts.buys}</li>
            <li>Sells: {preview.counts.sells}</li>
            <li>Dividends: {preview.counts.dividends}</li>
            <li>Commissions: {preview.counts.commissions}</li>
            <CashCountItems counts={preview.cash} />
            <li>Skipped: {preview.counts.skipped}</li>
            <li>Unrecognised: {preview.counts.unrecognised}</li>
          </ul>
          <ImportReconciliation checks={preview.reconciliation} label="The statement's check" />
          <ImportAccountChoice disabled={status !== 'preview'} />
          {lookingUp ? (
            <p role="status">
              Looking up the symbols of {priced} products… You can import now: a product without a symbol goes in under
              its ISIN.
            </p>
          ) : (
            <p role="status" className="hint">
              {priced - needTicker.length} of {priced} products have a symbol.
            </p>
          )}
          {lookupMessage ? (
            <p role="alert" className="notice">
              {lookupMessage}
            </p>
          ) : null}
          {needTicker.length > 0 && !lookingUp ? (
            <div className="attention">
              <h4 id="attention-heading">Products without a price source ({needTicker.length})</h4>
              <p className="hint">
                They are imported under their ISIN and valued at their own trade prices until you give each a Yahoo
                symbol, here or later on the Holdings page. Go to one:
              </p>
              <ul aria-labelledby="attention-heading">
                {needTicker.map(({ product, index }) => (
                  <li key={product.key}>
                    <button
                      type="button"
                      className="link"
                      onClick={() => document.getElementById(`import-ticker-${index}`)?.focus()}
                    >
                      {product.product || product.key}
                      {product.isin ? ` (${product.isin})` : ''}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {nothingToImport ? (
            <p id="import-nothing" className="hint">
              Nothing to import:{' '}
              {preview.alreadyImported > 0
                ? `the ${formats.count(preview.alreadyImported)} transactions of this file are already in your portfolio`
                : 'this file has no transaction that can be imported'}
              {preview.counts.unrecognised > 0
                ? `, and its ${formats.count(preview.counts.unrecognised)} unrecognised rows cannot be imported (why is listed below)`
                : ''}
              .
            </p>
          ) : null}
          <div className="actions">
            <button
              type="button"
              disabled={status !== 'preview' || nothingToImport || noTarget}
              aria-describedby={nothingToImport ? 'import-nothing' : undefined}
              onClick={() => importer.send({ type: 'import.confirm' })}
            >
              {status !== 'preview'
                ? 'Importing…'
                : preview.newTransactions === 0 && preview.completes > 0
                  ? `Update ${preview.completes} transactions already imported`
                  : `Import ${preview.newTransactions} new transactions`}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={status !== 'preview'}
              onClick={() => importer.send({ type: 'import.cancel' })}
            >
              Cancel
            </button>
          </div>
          {preview.products.length > 0 ? (
            <table className="import-products">
              <caption>Products and their symbols</caption>
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Symbol</th>
                  <th>Source</th>
                </tr>
              </thead>
              <tbody>
                {preview.products.map((product, index) => (
                  <ImportProductRow
                    key={product.key}
                    product={product}
                    index={index}
                    edit={tickers[product.key]}
                    check={checks[product.key]}
                    disabled={status !== 'preview'}
                    onChange={(ticker) => importer.send({ type: 'import.setTicker', key: product.key, ticker })}
                    onCheck={() => importer.send({ type: 'import.checkTicker', key: product.key })}
                  />
                ))}
              </tbody>
            </table>
          ) : null}
          {preview.skipped.length > 0 ? (
            <details>
              <summary>Skipped rows ({preview.counts.skipped})</summary>
              <ul>
                {preview.skipped.map((group) => (
                  <li key={group.reason}>
                    {group.reason}: {group.count}
                    <ul>
                      {group.examples.map((row) => (
                        <li key={row.line}>
                          line {row.line}: <code>{row.text}</code>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {preview.counts.unrecognised > 0 ? (
            <div className="notice">
              <p>
                {preview.counts.unrecognised} rows were not recognised and will not be imported. Check them against your
                statement:
              </p>
              <ul>
                {preview.unrecognised.map((row) => (
                  <li key={row.line}>
                    line {row.line}: {row.reason}. <code>{row.text}</code>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

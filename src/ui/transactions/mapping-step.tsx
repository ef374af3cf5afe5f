import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import {
  DATE_ORDERS,
  DECIMAL_MARKS,
  DELIMITERS,
  MAPPED_FIELDS,
  type DateOrder,
  type DecimalMarkChoice,
  type Delimiter,
} from '../../model/csv-mapping';
import { CURRENCIES, type Currency } from '../../model/currencies';
import { useFocusWhen } from '../a11y/focus';
import { useMappedImportActor } from '../app-context';
import { useFormats } from '../locale-context';
import { ColumnChoice } from './column-choice';
import { MappingPreview, plural } from './mapping-preview';

const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  DMY: 'day-month-year (31-12-2021)',
  YMD: 'year-month-day (2021-12-31)',
  MDY: 'month/day/year (12/31/2021)',
};
const DECIMAL_LABELS: Record<DecimalMarkChoice, string> = { ',': 'comma: 1.234,56', '.': 'point: 1,234.56' };
const DELIMITER_LABELS: Record<Delimiter, string> = { ',': 'comma (,)', ';': 'semicolon (;)', '\t': 'tab' };

/**
 * The mapping step of another broker's CSV: a column per field, the date and number formats, and the
 * worker's live preview of the first rows with the problems found; Import stores the rows that read.
 * The focus goes to the heading when the step opens, to the result or the error when it ends.
 */
export function MappingStep() {
  const actor = useMappedImportActor();
  const state = useSelector(actor, (s) =>
    s.matches('idle') || s.matches('discarding')
      ? 'closed'
      : s.matches('opening')
        ? 'opening'
        : s.matches('done')
          ? 'done'
          : s.matches('failed')
            ? 'failed'
            : 'editing',
  );
  const previewing = useSelector(actor, (s) => s.hasTag('previewing'));
  const countingAll = useSelector(actor, (s) => s.hasTag('counting'));
  const counted = useSelector(actor, (s) => s.context.counting);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const fileName = useSelector(actor, (s) => s.context.fileName);
  const note = useSelector(actor, (s) => s.context.note);
  const header = useSelector(actor, (s) => s.context.header);
  const mapping = useSelector(actor, (s) => s.context.mapping);
  const remembered = useSelector(actor, (s) => s.context.remembered);
  const preview = useSelector(actor, (s) => s.context.preview);
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => s.context.error);
  const formats = useFormats();
  const heading = useRef<HTMLHeadingElement>(null);
  const resultBox = useRef<HTMLDivElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  useFocusWhen(heading, state === 'editing');
  useFocusWhen(resultBox, state === 'done');
  useFocusWhen(failureBox, state === 'failed');
  const money = (value: number, currency: Currency) => formats.money(value, currency);

  if (state === 'closed') return null;
  if (state === 'opening') return <p role="status">Reading {fileName}…</p>;
  if (state === 'failed') {
    return (
      <div ref={failureBox} tabIndex={-1} role="alert" className="error">
        <p>{error}</p>
        <button type="button" className="secondary" onClick={() => actor.send({ type: 'mapping.dismiss' })}>
          Close
        </button>
      </div>
    );
  }
  if (state === 'done' && result) {
    return (
      <div ref={resultBox} tabIndex={-1} role="status" className="notice">
        <p>
          Imported {fileName}: {result.added} new, {result.alreadyPresent} already imported
          {result.skippedRows > 0 ? `, ${plural(result.skippedRows, 'row')} with a problem left out` : ''}.{' '}
          {result.mappingNotRemembered === null
            ? 'The mapping is remembered for files with these columns.'
            : `The mapping could not be remembered: ${result.mappingNotRemembered}`}
        </p>
        <button type="button" className="secondary" onClick={() => actor.send({ type: 'mapping.dismiss' })}>
          Close
        </button>
      </div>
    );
  }
  if (!mapping) return null;
  const disabled = saving;
  const canImport =
    preview !== null && preview.error === null && preview.complete && preview.transactionCount > 0 && !previewing;

  return (
    <div className="mapping-step import-preview" role="region" aria-labelledby="mapping-heading">
      <h3 id="mapping-heading" ref={heading} tabIndex={-1}>
        Map the columns of {fileName}
      </h3>
      <p className="hint">
        {remembered
          ? 'The mapping you chose last time for a file with these columns is filled in.'
          : 'Not a DEGIRO account statement: say which column holds what. A first guess from the headings is filled in.'}
      </p>
      {note && !note.startsWith('Not a DEGIRO') ? <p className="hint">If it is a DEGIRO file: {note}</p> : null}
      <form className="mapping-form" onSubmit={(e) => (e.preventDefault(), actor.send({ type: 'mapping.confirm' }))}>
        <fieldset>
          <legend>Columns</legend>
          {MAPPED_FIELDS.map((field) => (
            <ColumnChoice
              key={field}
              actor={actor}
              field={field}
              header={header}
              column={mapping.columns[field]}
              disabled={disabled}
            />
          ))}
          {mapping.columns.currency === null ? (
            <div className="field">
              <label htmlFor="mapping-fixed-currency">Currency of every row</label>
              <select
                id="mapping-fixed-currency"
                value={mapping.fixedCurrency}
                disabled={disabled}
                onChange={(e) =>
                  actor.send({ type: 'mapping.setOptions', options: { fixedCurrency: e.target.value as Currency } })
                }
              >
                {CURRENCIES.map((currency) => (
                  <option key={currency}>{currency}</option>
                ))}
              </select>
            </div>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>Formats</legend>
          <div className="field">
            <label htmlFor="mapping-date-order">Date format</label>
            <select
              id="mapping-date-order"
              value={mapping.dateOrder}
              disabled={disabled}
              onChange={(e) =>
                actor.send({ type: 'mapping.setOptions', options: { dateOrder: e.target.value as DateOrder } })
              }
            >
              {DATE_ORDERS.map((order) => (
                <option key={order} value={order}>
                  {DATE_ORDER_LABELS[order]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="mapping-decimal-mark">Decimal mark</label>
            <select
              id="mapping-decimal-mark"
              value={mapping.decimalMark}
              disabled={disabled}
              onChange={(e) =>
                actor.send({
                  type: 'mapping.setOptions',
                  options: { decimalMark: e.target.value as DecimalMarkChoice },
                })
              }
            >
              {DECIMAL_MARKS.map((mark) => (
                <option key={mark} value={mark}>
                  {DECIMAL_LABELS[mark]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="mapping-delimiter">Columns separated by</label>
            <select
              id="mapping-delimiter"
              value={mapping.delimiter}
              disabled={disabled}
              onChange={(e) =>
                actor.send({ type: 'mapping.setOptions', options: { delimiter: e.target.value as Delimiter } })
              }
            >
              {DELIMITERS.map((delimiter) => (
                <option key={delimiter} value={delimiter}>
                  {DELIMITER_LABELS[delimiter]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>

        <MappingPreview
          preview={preview}
          previewing={previewing}
          countingAll={countingAll}
          counted={counted}
          columns={mapping.columns}
          money={money}
        />

        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" disabled={saving}>
            {saving
              ? 'Importing…'
              : canImport
                ? `Import ${plural(preview.newTransactions, 'new transaction')}`
                : 'Import'}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={saving}
            onClick={() => actor.send({ type: 'mapping.cancel' })}
          >
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

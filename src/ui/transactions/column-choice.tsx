import { REQUIRED_FIELDS, type MappedField } from '../../model/csv-mapping';
import type { MappedImportActorRef } from '../../machines/mapped-import-machine';

const FIELD_LABELS: Record<MappedField, string> = {
  date: 'Date',
  ticker: 'Ticker (Yahoo symbol)',
  type: 'Type (buy, sell, dividend, fee)',
  amount: 'Quantity (shares)',
  value: 'Value (cash amount)',
  currency: 'Currency',
  tax: 'Withholding tax',
  fees: 'Fees',
};

/** The column chooser of one field: the file's headings, and "not in the file". */
export function ColumnChoice({
  actor,
  field,
  header,
  column,
  disabled,
}: {
  actor: MappedImportActorRef;
  field: MappedField;
  header: string[];
  column: number | null;
  disabled: boolean;
}) {
  const required = REQUIRED_FIELDS.includes(field);
  const id = `mapping-${field}`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {FIELD_LABELS[field]}
        {required ? '' : ' (optional)'}
      </label>
      <select
        id={id}
        value={column === null ? '' : String(column)}
        disabled={disabled}
        aria-required={required}
        onChange={(e) =>
          actor.send({
            type: 'mapping.setColumn',
            field,
            column: e.target.value === '' ? null : Number(e.target.value),
          })
        }
      >
        <option value="">{required ? '— choose a column —' : '— not in the file —'}</option>
        {header.map((heading, index) => (
          <option key={index} value={index}>
            {index + 1}: {heading || '(no heading)'}
          </option>
        ))}
      </select>
    </div>
  );
}

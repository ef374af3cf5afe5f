import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { selectSaving } from '../../machines/selectors';
import { useTransactionsActor } from '../app-context';

/** The longest account name the worker accepts (model/cash.ts `ACCOUNT_NAME_MAX_LENGTH`). */
const MAX_NAME = 100;

/**
 * A name for a new account or a renamed one: an empty or too long name is named under the field before
 * anything is sent; the worker's own refusal (a name already taken) shows with the pending change.
 */
export function AccountNameForm({
  id,
  label,
  initial = '',
  submitLabel,
  focusOnMount = false,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  initial?: string;
  submitLabel: string;
  focusOnMount?: boolean;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
}) {
  const saving = useSelector(useTransactionsActor(), selectSaving);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) input.current?.select();
  }, [focusOnMount]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError('Enter a name, e.g. DEGIRO or Pension.');
    if (trimmed.length > MAX_NAME) return setError(`A name has at most ${MAX_NAME} characters.`);
    setError(null);
    onSubmit(trimmed);
  };
  return (
    <form
      className="account-name-form"
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !onCancel) return;
        e.preventDefault();
        onCancel();
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        value={name}
        maxLength={MAX_NAME + 20}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      />
      <button type="submit" disabled={saving}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}

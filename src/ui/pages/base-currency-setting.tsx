/**
 * The base currency every figure is reported in (EUR by default): the common currencies first, then every
 * other ISO 4217 code by its name in the user's language. Saving re-derives every figure in it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { isCurrency } from '../../model/currencies';
import { checkSettingsUpdate, DEFAULT_SETTINGS, type UserSettings } from '../../model/settings';
import { useLocale } from '../locale-context';
import { CurrencySelect } from '../transactions/currency-select';

export function BaseCurrencySetting({
  settings,
  saving,
  ready,
  save,
}: {
  settings: UserSettings | null;
  saving: boolean;
  ready: boolean;
  save: (changes: Partial<UserSettings>) => void;
}) {
  const { locale } = useLocale();
  const current = settings?.baseCurrency ?? DEFAULT_SETTINGS.baseCurrency;
  const [chosen, setChosen] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setChosen(current), [current]);
  const currentName = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' }).of(current);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSettingsUpdate({ baseCurrency: chosen }, isCurrency);
    if (!checked.ok) {
      setProblem(checked.issues[0]?.message ?? checked.message);
      return;
    }
    setProblem(null);
    save(checked.value);
  };

  return (
    <form onSubmit={submit} aria-labelledby="base-currency-heading" noValidate>
      <h2 id="base-currency-heading">Base currency</h2>
      <p className="hint">
        Every figure, chart, table and report is in this currency; trades in other currencies are converted with the
        exchange rate of their day. Current:{' '}
        <strong>{currentName && currentName !== current ? `${currentName} (${current})` : current}</strong>.
      </p>
      <label htmlFor="base-currency">Report in</label>
      <CurrencySelect id="base-currency" value={chosen} locale={locale} onChange={setChosen} />
      {problem ? (
        <p id="base-currency-problem" role="alert" className="error">
          {problem}
        </p>
      ) : null}{' '}
      <button type="submit" disabled={saving || !ready || chosen === current}>
        {saving ? 'Saving…' : 'Save base currency'}
      </button>
    </form>
  );
}

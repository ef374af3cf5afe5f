/**
 * Settings kept on the server: the base currency every figure is in (EUR by default), and the benchmark
 * "the same money" is compared with (none by default).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { isCurrency } from '../../model/currencies';
import { BENCHMARK_SUGGESTIONS, checkSettingsUpdate } from '../../model/settings';
import {
  selectPortfolioStatus,
  selectSettings,
  selectSettingsError,
  selectSettingsSaving,
} from '../../machines/selectors';
import { usePortfolioActor } from '../app-context';
import { PageHeading } from '../a11y/page-heading';
import { BaseCurrencySetting } from './base-currency-setting';

export function SettingsPage() {
  const portfolio = usePortfolioActor();
  const settings = useSelector(portfolio, selectSettings);
  const saving = useSelector(portfolio, selectSettingsSaving);
  const serverError = useSelector(portfolio, selectSettingsError);
  const ready = useSelector(portfolio, selectPortfolioStatus) === 'ready';
  const [benchmark, setBenchmark] = useState(settings?.benchmark ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setBenchmark(settings?.benchmark ?? ''), [settings?.benchmark]);

  const save = (value: string | null) => {
    const checked = checkSettingsUpdate({ benchmark: value }, isCurrency);
    if (!checked.ok) {
      setProblem(checked.issues[0]?.message ?? checked.message);
      return;
    }
    setProblem(null);
    portfolio.send({ type: 'settings.save', changes: checked.value });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(benchmark);
  };

  return (
    <section className="settings" aria-labelledby="settings-heading">
      <PageHeading id="settings-heading" title="Settings">
        Settings
      </PageHeading>
      {serverError ? (
        <p role="alert" className="error">
          {serverError}
        </p>
      ) : null}
      <BaseCurrencySetting
        settings={settings}
        saving={saving}
        ready={ready}
        save={(changes) => portfolio.send({ type: 'settings.save', changes })}
      />
      <form onSubmit={submit} aria-labelledby="benchmark-heading" noValidate>
        <h2 id="benchmark-heading">Benchmark</h2>
        <p className="hint">
          A fund to compare with: the Performance page shows what the same money, bought and sold on the same days,
          would be worth in it. Current: <strong>{settings?.benchmark ?? 'none'}</strong>.
        </p>
        <label htmlFor="benchmark-symbol">Yahoo symbol</label>
        <input
          id="benchmark-symbol"
          list="benchmark-suggestions"
          value={benchmark}
          onChange={(event) => setBenchmark(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'benchmark-problem' : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <datalist id="benchmark-suggestions">
          {BENCHMARK_SUGGESTIONS.map((suggestion) => (
            <option key={suggestion.symbol} value={suggestion.symbol}>
              {suggestion.name}
            </option>
          ))}
        </datalist>
        <p id="benchmark-suggestions-label" className="hint">
          Suggestions (a click fills the field):
        </p>
        <ul className="suggestions" aria-labelledby="benchmark-suggestions-label">
          {BENCHMARK_SUGGESTIONS.map((suggestion) => (
            <li key={suggestion.symbol}>
              <button
                type="button"
                className="secondary"
                aria-describedby={`benchmark-suggestion-${suggestion.symbol}`}
                onClick={() => setBenchmark(suggestion.symbol)}
              >
                {suggestion.symbol}
              </button>{' '}
              <span id={`benchmark-suggestion-${suggestion.symbol}`} className="suggestion-name">
                {suggestion.name}
              </span>
            </li>
          ))}
        </ul>
        {problem ? (
          <p id="benchmark-problem" role="alert" className="error">
            {problem}
          </p>
        ) : null}
        <button type="submit" disabled={saving || !ready}>
          {saving ? 'Saving…' : 'Save benchmark'}
        </button>{' '}
        <button type="button" disabled={saving || !ready || !settings?.benchmark} onClick={() => save(null)}>
          No benchmark
        </button>
      </form>
    </section>
  );
}

import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectView, selectViewName } from '../../machines/view-selectors';
import { usePortfolioActor, useYourDataActor } from '../app-context';
import { ConfirmDialog } from '../components/confirm-dialog';
import { accountsText, mappingsText, mergeText, plural, replaceText, settingsText } from './restore-plan-text';

/** Export the transactions (CSV, JSON backup) and restore one of our files, with a preview of merge and replace. */
export function YourDataPanel() {
  const actor = useYourDataActor();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const preview = useSelector(actor, (s) => s.context.preview);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const [confirmReplace, setConfirmReplace] = useState(false);
  // The CSV follows the view (one account's rows, or every account's); the backup always holds everything,
  // so that restoring it can never replace the other accounts with nothing.
  const view = useSelector(usePortfolioActor(), selectView);
  const viewName = useSelector(usePortfolioActor(), selectViewName);

  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Export and restore</h2>
      {view !== null ? (
        <p className="hint">The CSV holds the view&apos;s account only ({viewName}); the backup holds every account.</p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => actor.send({ type: 'data.export', format: 'csv', account: view })}
        >
          Export CSV
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => actor.send({ type: 'data.export', format: 'json', account: null })}
        >
          Export backup (JSON)
        </button>
        <label className="file-button">
          Restore from a file…
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={busy}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) actor.send({ type: 'data.restoreFileSelected', file });
              e.currentTarget.value = '';
            }}
          />
        </label>
      </div>
      {busy ? <p role="status">Working…</p> : null}
      {notice ? <p role="status">{notice}</p> : null}
      {error ? (
        <p role="alert" className="error" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </p>
      ) : null}
      {preview ? (
        <div className="restore-preview" aria-label="Restore preview">
          <h3>
            {preview.fileName}: {preview.kind === 'backup' ? 'a backup' : 'a CSV export'} of{' '}
            {plural(preview.plan.replace.total, 'transaction')}
          </h3>
          <p>{mergeText(preview.plan)}</p>
          <p>{replaceText(preview.plan)}</p>
          {accountsText(preview.plan) ? <p>{accountsText(preview.plan)}</p> : null}
          {mappingsText(preview.plan) ? <p>{mappingsText(preview.plan)}</p> : null}
          {settingsText(preview.plan) ? <p>{settingsText(preview.plan)}</p> : null}
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => actor.send({ type: 'data.restore', mode: 'merge' })}>
              Merge
            </button>
            <button type="button" className="danger" disabled={busy} onClick={() => setConfirmReplace(true)}>
              Replace…
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'data.cancel' })}
            >
              Cancel
            </button>
          </div>
          <ConfirmDialog
            open={confirmReplace}
            title="Replace your transactions?"
            text={[
              replaceText(preview.plan),
              preview.plan.fileCsvMappings === null
                ? ''
                : ` Remembered column mappings: the file's ${preview.plan.replace.csvMappings.toLocaleString()} instead of your ${preview.plan.current.csvMappings.toLocaleString()}.`,
              accountsText(preview.plan) ? ` ${accountsText(preview.plan)}` : '',
              preview.plan.replace.settingsChanged.length > 0 ? ` ${settingsText(preview.plan)}` : '',
            ].join('')}
            confirmLabel={`Replace: remove ${preview.plan.replace.removed.toLocaleString()}, add ${preview.plan.replace.added.toLocaleString()}`}
            onConfirm={() => (setConfirmReplace(false), actor.send({ type: 'data.restore', mode: 'replace' }))}
            onCancel={() => setConfirmReplace(false)}
          />
        </div>
      ) : null}
    </section>
  );
}

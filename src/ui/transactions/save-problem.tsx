import { useSelector } from '@xstate/react';
import { selectPendingChange, selectSaveConflict, selectSaveError } from '../../machines/selectors';
import { useTransactionsActor } from '../app-context';

/** A save that failed or met a newer version, with the change still pending: save it again, or discard it. */
export function SaveProblem() {
  const saver = useTransactionsActor();
  const saveError = useSelector(saver, selectSaveError);
  const conflict = useSelector(saver, selectSaveConflict);
  const pending = useSelector(saver, selectPendingChange);
  return saveError && pending ? (
    <div role="alert" className={conflict ? 'notice' : 'error'}>
      <p>{saveError}</p>
      <p>Pending change: {pending}.</p>
      <button type="button" onClick={() => saver.send({ type: 'transactions.retry' })}>
        {conflict ? 'Save again' : 'Retry'}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => saver.send({ type: 'transactions.dismiss' })}>
        Discard change
      </button>
    </div>
  ) : null;
}

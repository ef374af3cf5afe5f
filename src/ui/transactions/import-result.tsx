import type { RefObject } from 'react';
import type { Account } from '../../model/cash';
import type { ImportContext } from '../../machines/import-machine';
import { useImportActor } from '../app-context';
import { useFormats } from '../locale-context';
import { ImportReconciliation } from './import-reconciliation';

/** A DEGIRO import's result: the counts, the account it went to, the rows left out, the statement's check. */
export function ImportResult({
  box,
  fileName,
  result,
  accounts,
  leftOut,
}: {
  box: RefObject<HTMLDivElement | null>;
  fileName: string | null;
  result: NonNullable<ImportContext['result']>;
  accounts: readonly Account[];
  leftOut: number;
}) {
  const importer = useImportActor();
  const formats = useFormats();
  return (
    <div ref={box} tabIndex={-1} role="status" className="notice">
      <p>
        Imported {fileName}
        {result.account !== null
          ? ` into ${accounts.find((account) => account.id === result.account)?.name ?? 'the new account'}`
          : ''}
        : {result.added} new, {result.alreadyPresent} already imported
        {result.taxFilled > 0
          ? `, the withheld tax filled in on ${result.taxFilled} dividend${result.taxFilled === 1 ? '' : 's'} imported before`
          : ''}
        .
        {leftOut > 0
          ? ` ${formats.count(leftOut)} ${leftOut === 1 ? 'row was' : 'rows were'} not recognised and left out (the preview said why).`
          : ''}
      </p>
      <ImportReconciliation checks={result.reconciliation} label="The statement's check" />
      {result.choicesProblem ? <p className="error">{result.choicesProblem}</p> : null}
      <button type="button" className="secondary" onClick={() => importer.send({ type: 'import.dismiss' })}>
        Close
      </button>
    </div>
  );
}

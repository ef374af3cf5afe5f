import { createContext, useContext } from 'react';
import type { AppActorRef } from '../machines/app-machine';
import type { AuthActorRef } from '../machines/auth-machine';
import type { ImportActorRef } from '../machines/import-machine';
import type { MappedImportActorRef } from '../machines/mapped-import-machine';
import type { PortfolioActorRef } from '../machines/portfolio-machine';
import type { TransactionListActorRef } from '../machines/transaction-list-machine';
import type { TransactionsActorRef } from '../machines/transactions-machine';
import type { YourDataActorRef } from '../machines/your-data-machine';

/** The root actor, created once in main.tsx; components reach its children by system id. */
export const AppActorContext = createContext<AppActorRef | null>(null);

function useAppActor(): AppActorRef {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('AppActorContext is missing: render inside <AppActorContext.Provider>.');
  return actor;
}

export const useAuthActor = (): AuthActorRef => useAppActor().system.get('auth') as AuthActorRef;
export const usePortfolioActor = (): PortfolioActorRef => useAppActor().system.get('portfolio') as PortfolioActorRef;
export const useTransactionsActor = (): TransactionsActorRef =>
  useAppActor().system.get('transactions') as TransactionsActorRef;
export const useTransactionListActor = (): TransactionListActorRef =>
  useAppActor().system.get('transactionList') as TransactionListActorRef;
export const useImportActor = (): ImportActorRef => useAppActor().system.get('import') as ImportActorRef;
export const useMappedImportActor = (): MappedImportActorRef =>
  useAppActor().system.get('mappedImport') as MappedImportActorRef;
export const useYourDataActor = (): YourDataActorRef => useAppActor().system.get('yourData') as YourDataActorRef;

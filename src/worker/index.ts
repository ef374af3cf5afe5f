/** The portfolio worker: its one API object (api.ts), exposed with Comlink; the page holds `Comlink.Remote<WorkerApi>`. */
import * as Comlink from 'comlink';
import { createWorkerApi } from './api';

export type {
  ActiveSeries,
  Benchmark,
  Derivation,
  Holding,
  HoldingSeries,
  Performance,
  PeriodReturn,
  TickerFigures,
} from './engine';
export type {
  CashCounts,
  ImportMerge,
  ImportPreview,
  ImportProgress,
  ProductChoice,
  Reconciliation,
  SkippedGroup,
} from './import-session';
export type { ImportTarget } from './import/target';
export type { Outcome, Refusal } from '../model/outcome';
export type { Credentials } from './services/http';
export type { TransactionChange } from './transaction-changes';
export type { ExportedFile, ExportFormat, RestoreMode, RestorePlan, RestorePreview } from './your-data';
export type { TaxReport } from './tax-report-csv';
export type { SymbolCheck } from './symbol-check';
export type { CountProgress, MappedFile, MappedPreview } from './mapped-csv/session';
export type { MappedRow } from './mapped-csv/parse-mapped';
export type {
  ImportSaved,
  LookedUp,
  MappedImportSaved,
  ParsedFile,
  PortfolioView,
  PricesLoaded,
  RestoreDone,
  SettingsView,
  SymbolsNeeded,
  Timed,
  WorkerApi,
} from './api';
export type { ChartedDerivation, ChartedSeries } from './dashboard-charts';

Comlink.expose(createWorkerApi());

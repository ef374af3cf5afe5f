/** What a restore's preview says of each choice, merge and replace, in words. */
import type { RestorePlan } from '../../worker';

export const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

export function mergeText(plan: RestorePlan): string {
  const { added, alreadyPresent, keptDifferent } = plan.merge;
  const adds = added.stock + added.dividend + added.commission;
  const kept = keptDifferent > 0 ? `; ${plural(keptDifferent, 'changed transaction')} kept as you have them` : '';
  const cash = plan.merge.cashAdded > 0 ? ` and ${plural(plan.merge.cashAdded, 'cash transaction')}` : '';
  return `Merge adds ${plural(adds, 'transaction')} (${added.stock} trades, ${added.dividend} dividends, ${added.commission} commissions)${cash}; ${plural(alreadyPresent, 'transaction')} you already have${kept}. You will have ${plan.merge.total.toLocaleString()}.`;
}

export function replaceText(plan: RestorePlan): string {
  const { removed, added, changed, total } = plan.replace;
  const cash =
    plan.replace.cash > 0 || plan.current.cash > 0
      ? ` Cash: the file's ${plural(plan.replace.cash, 'cash transaction')} instead of your ${plan.current.cash.toLocaleString()}.`
      : '';
  return `Replace removes ${plural(removed, 'transaction')}, adds ${added.toLocaleString()}${changed > 0 ? `, changes ${changed.toLocaleString()}` : ''}: you will have the file's ${plural(total, 'transaction')} instead of your ${plan.current.total.toLocaleString()}.${cash}`;
}

/** What each choice does to the accounts (their names, in order); null when neither changes them. */
export function accountsText(plan: RestorePlan): string | null {
  const list = (names: readonly string[]) => names.join(', ');
  const yours = list(plan.current.accounts);
  if (list(plan.merge.accounts) === yours && list(plan.replace.accounts) === yours) return null;
  return `Accounts: you have ${yours}. After a merge: ${list(plan.merge.accounts)}; after a replace: ${list(plan.replace.accounts)}.`;
}

/** What each choice does to the column mappings remembered for other brokers' CSV files; null when neither has any. */
export function mappingsText(plan: RestorePlan): string | null {
  const yours = plan.current.csvMappings;
  if (plan.fileCsvMappings === null)
    return yours > 0
      ? `This file carries no column mappings: your ${plural(yours, 'remembered mapping')} stay either way.`
      : null;
  if (plan.fileCsvMappings === 0 && yours === 0) return null;
  return `Column mappings of other brokers' CSV files: merge adds ${plan.merge.csvMappingsAdded.toLocaleString()} (yours kept for the same header; you will have ${plan.merge.csvMappings.toLocaleString()}); replace leaves the file's ${plan.replace.csvMappings.toLocaleString()} instead of your ${yours.toLocaleString()}.`;
}

type SettingKey = keyof RestorePlan['current']['settings'];
const SETTING_WORDS: Record<
  SettingKey,
  { verb: string; value: (settings: RestorePlan['current']['settings']) => string }
> = {
  baseCurrency: { verb: 'reports in', value: (settings) => settings.baseCurrency ?? 'EUR' },
  benchmark: { verb: 'compares with', value: (settings) => settings.benchmark ?? 'no benchmark' },
};

/** What each choice does to the settings (the base currency, the benchmark); null when neither changes them. */
export function settingsText(plan: RestorePlan): string | null {
  const file = plan.fileSettings;
  if (file === null) return null;
  const changed = plan.replace.settingsChanged as SettingKey[];
  const added = plan.merge.settingsAdded as SettingKey[];
  if (changed.length === 0 && added.length === 0) return null;
  const replace =
    changed.length === 0
      ? 'a replace keeps yours'
      : `a replace ${changed
          .map((key) => {
            const words = SETTING_WORDS[key];
            return `${words.verb} ${words.value(file)} instead of ${words.value(plan.current.settings)}`;
          })
          .join(' and ')}`;
  const merge =
    added.length === 0
      ? 'a merge keeps yours'
      : `a merge keeps yours and ${added.map((key) => `${SETTING_WORDS[key].verb} ${SETTING_WORDS[key].value(file)}`).join(' and ')}`;
  return `Settings: ${replace}; ${merge}.`;
}

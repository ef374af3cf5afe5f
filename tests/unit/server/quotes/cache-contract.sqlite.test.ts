import Database from 'better-sqlite3';
import { createQuoteCache } from '../../../../server/quotes';
import { describeQuoteCacheContract } from './support/cache-contract';

describeQuoteCacheContract('SQLite', async () => {
  const db = new Database(':memory:');
  return { open: () => createQuoteCache({ kind: 'sqlite', db }) };
});

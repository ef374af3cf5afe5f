/**
 * `npm run market:generate`: writes `data/market/{symbol}.json` for every demo symbol (and `EUR=X`) and
 * `data/demo-portfolio.json`, from the recordings in `data/market/sources/` and seeded random walks
 * (see `scripts/sample-data/`). Deterministic: running it again changes nothing.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateMarketData } from './sample-data/generate-market-data';

const dataDir = resolve(import.meta.dirname, '../data');
const marketDir = join(dataDir, 'market');
const { charts, portfolio } = generateMarketData(join(marketDir, 'sources'));

for (const { symbol, fileName, chart } of charts) {
  const text = `${JSON.stringify(chart)}\n`;
  writeFileSync(join(marketDir, fileName), text);
  const result = chart.chart.result![0]!;
  const timestamps = result.timestamp ?? [];
  const first = new Date(timestamps[0]! * 1000).toISOString().slice(0, 10);
  const last = new Date(timestamps[timestamps.length - 1]! * 1000).toISOString().slice(0, 10);
  const dividends = Object.keys(result.events?.dividends ?? {}).length;
  console.log(
    `${symbol.padEnd(8)} ${fileName.padEnd(13)} ${timestamps.length} bars ${first} → ${last}, ${dividends} dividends, ${(text.length / 1024).toFixed(0)} KiB`,
  );
}

/** One transaction a line: readable, and a diff shows which one changed. */
const lists = Object.entries(portfolio.transactions).map(
  ([type, list]) => `    "${type}": [\n${list.map((t: object) => `      ${JSON.stringify(t)}`).join(',\n')}\n    ]`,
);
writeFileSync(join(dataDir, 'demo-portfolio.json'), `{\n  "transactions": {\n${lists.join(',\n')}\n  }\n}\n`);
const { stock, dividend, commission } = portfolio.transactions;
console.log(
  `demo-portfolio.json: ${stock.length} stock, ${dividend.length} dividend, ${commission.length} commission transactions`,
);

/** Structured logs: one JSON object per line on stdout (errors on stderr), filtered by level. */

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Log {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
}

export type LogSink = (line: string, level: Exclude<LogLevel, 'silent'>) => void;

const defaultSink: LogSink = (line, level) => {
  if (level === 'error') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

export function createLog(level: LogLevel, sink: LogSink = defaultSink): Log {
  const threshold = LOG_LEVELS.indexOf(level);
  const write =
    (lineLevel: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: LogFields = {}) => {
      if (LOG_LEVELS.indexOf(lineLevel) > threshold) return;
      sink(JSON.stringify({ time: new Date().toISOString(), level: lineLevel, msg, ...withErrors(fields) }), lineLevel);
    };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}

/** `Error`s stringify to `{}`; keep their message and stack instead. */
function withErrors(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

/**
 * The Worker's only way to log. Each event is one object handed to the
 * console (`console.log({ level, event, … })`): Workers Logs stores it as
 * JSON and indexes every field, and whatever a field holds (a path with
 * `%0a` in it, a visitor's address, an error's message) stays inside its
 * field. No line of the log ever starts with something a visitor sent.
 *
 * `level` also picks the console method, so Workers Logs and `wrangler tail`
 * show errors and warnings as such. Event names are dotted and stable
 * (`page.not_found`, `submission.dead`): search the logs for them.
 *
 * @example
 *   const log = logger({ requestId: 'abc' });
 *   log.warn('page.not_found', { path: '/nothing' });
 *   // console.warn({ level: 'warn', event: 'page.not_found', requestId: 'abc', path: '/nothing' })
 */
type Level = 'info' | 'warn' | 'error';
export type Fields = Record<string, unknown>;
export type Logger = Record<Level, (event: string, fields?: Fields) => void>;

const write: Record<Level, (record: Fields) => void> = {
  info: (record) => console.log(record),
  warn: (record) => console.warn(record),
  error: (record) => console.error(record),
};

/** A logger whose every event carries `context` (the request id and path, a cron run's id…). */
export function logger(context: Fields = {}): Logger {
  const at =
    (level: Level) =>
    (event: string, fields: Fields = {}) =>
      write[level]({ level, event, ...context, ...fields });
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** What an error says about itself, as fields: its message and, for errors, the stack. */
export function errorFields(error: unknown): { error: string; stack?: string } {
  if (error instanceof Error) return { error: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
  return { error: String(error) };
}

const PATH_MAX = 600;

/**
 * The path exactly as the client sent it, still percent-encoded (`/x%0Ay`),
 * bounded: a log never holds a decoded control character, nor 32 KB of path.
 */
export function pathAsSent(url: string): { path: string; pathLength?: number } {
  const path = new URL(url).pathname;
  return path.length > PATH_MAX ? { path: `${path.slice(0, PATH_MAX)}…`, pathLength: path.length } : { path };
}

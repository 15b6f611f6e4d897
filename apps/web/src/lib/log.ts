import { LOG_LEVEL_DEFAULT, LOG_LEVELS, type LogLevel } from '@petti/shared/constants';

/**
 * The app's console log with a level (docs/product.md#app-shell): warnings and errors by default, so a
 * shopper's console stays quiet; `localStorage.logLevel = 'debug'` shows more on a phone being checked.
 */

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

function currentLevel(): LogLevel {
  try {
    const stored = globalThis.localStorage?.getItem('logLevel');
    if (stored && (LOG_LEVELS as readonly string[]).includes(stored)) return stored as LogLevel;
  } catch {
    // storage refused (private mode): the default
  }
  return LOG_LEVEL_DEFAULT;
}

function write(level: LogLevel, message: string, detail: unknown[]): void {
  if (rank(level) < rank(currentLevel())) return;
  const line = `Petti: ${message}`;
  if (level === 'error') console.error(line, ...detail);
  else if (level === 'warn') console.warn(line, ...detail);
  else if (level === 'info') console.info(line, ...detail);
  else console.debug(line, ...detail);
}

export const log = {
  debug: (message: string, ...detail: unknown[]) => write('debug', message, detail),
  info: (message: string, ...detail: unknown[]) => write('info', message, detail),
  warn: (message: string, ...detail: unknown[]) => write('warn', message, detail),
  error: (message: string, ...detail: unknown[]) => write('error', message, detail),
};

/** The API's logger: one line per event. Tests pass a quiet one that records lines. */
export interface Logger {
  info(message: string, extra?: unknown): void;
  warn(message: string, extra?: unknown): void;
  error(message: string, extra?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (m, e) => (e === undefined ? console.log(m) : console.log(m, e)),
  warn: (m, e) => (e === undefined ? console.warn(m) : console.warn(m, e)),
  error: (m, e) => (e === undefined ? console.error(m) : console.error(m, e)),
};

/** A logger that keeps lines in memory (tests). */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (m: string, e?: unknown) => {
    lines.push(`${level} ${m}${e === undefined ? '' : ' ' + (e instanceof Error ? e.stack ?? e.message : JSON.stringify(e))}`);
  };
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

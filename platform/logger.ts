import { pino } from "pino";
import { ConfigError } from "./env";
import { logContext } from "./log-context";

/**
 * Structured logs for every process. Paths that could carry secrets or message text are redacted as a
 * second line of defence; callers still never pass them.
 */
export function createLogger(name: string, level: string) {
  return pino({
    name,
    level,
    // The request id and completion id of the work under way (platform/log-context.ts), on every line.
    mixin: () => ({ ...logContext() }),
    redact: {
      paths: [
        "password",
        "*.password",
        "apiKey",
        "*.apiKey",
        "key",
        "*.key",
        "content",
        "*.content",
        "cardNumber",
        "cvv",
      ],
      censor: "[redacted]",
    },
  });
}
export type Logger = ReturnType<typeof createLogger>;

/**
 * Logs why a process could not start or stop cleanly, then exits. A configuration error is the operator's to
 * fix, so its message alone is the useful part; anything else keeps its stack.
 */
export function exitWithFailure(name: string, error: unknown): never {
  const logger = createLogger(name, "error");
  if (error instanceof ConfigError) logger.fatal(error.message);
  else logger.fatal({ err: error }, "stopped by an unexpected error");
  logger.flush();
  process.exit(1);
}

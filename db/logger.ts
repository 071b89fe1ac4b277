import { pino } from "pino";

/**
 * Structured logs for every process. Paths that could carry secrets or message text are redacted as a
 * second line of defence; callers still never pass them.
 */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? "info") {
  return pino({
    name,
    level,
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

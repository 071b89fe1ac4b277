import { createLogger, type Logger } from "#platform/logger";
import { webEnv } from "./env.server";

let logger: Logger | undefined;

/** The web process's one logger: created on first use, with the validated LOG_LEVEL. */
export function webLogger(): Logger {
  logger ??= createLogger("web", webEnv().logLevel);
  return logger;
}

import { createLogger, type Logger } from "#platform/logger";
import { webEnv } from "./env.server";

let logger: Logger | undefined;

/** The web process's one logger: created on first use, with the validated LOG_LEVEL. */
export function webLogger(): Logger {
  logger ??= createLogger("web", webEnv().logLevel);
  return logger;
}

/**
 * A path for a log line with the route's parameters put back as their names (`/share/:shareId`): some ids
 * are secrets (a share link's opens the chat), and whoever reads the logs must not be able to open them.
 */
export function pathForLog(pathname: string, params: Record<string, string | undefined>): string {
  let path = pathname;
  for (const [name, value] of Object.entries(params)) {
    if (!value) continue;
    const placeholder = name === "*" ? "*" : `:${name}`;
    path = path.split(value).join(placeholder).split(encodeURI(value)).join(placeholder);
  }
  return path;
}

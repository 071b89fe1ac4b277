/**
 * Set-up problems `npm start` and the image report in one line and exit on, rather than a stack trace or a
 * restart loop: a restart would only meet them again.
 */
import { setTimeout as delay } from "node:timers/promises";

export class StartRefusal extends Error {
  override name = "StartRefusal";
}

/** How long a service named by a setting gets to answer at start (it may be starting too, as in compose). */
export const ANSWER_WAIT_MS = 10_000;
const RETRY_MS = 1_000;

/** A URL fit for a log line: its password hidden. */
export function shownAddress(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = "***";
    return parsed.toString();
  } catch {
    return url;
  }
}

const reasonOf = (error: unknown) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === "string" ? code : String(message ?? error).split("\n")[0]!;
};

/**
 * Resolves once `probe` succeeds. A failure is said once in one line and tried again every second for
 * ANSWER_WAIT_MS; past that, a StartRefusal names the setting, the address and what to do.
 */
export async function untilAnswering(
  setting: string,
  url: string,
  probe: () => Promise<unknown>,
  { remedy, log }: { remedy: string; log: (message: string) => void },
): Promise<void> {
  const deadline = Date.now() + ANSWER_WAIT_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await probe();
      return;
    } catch (error) {
      const reason = reasonOf(error);
      if (Date.now() + RETRY_MS > deadline)
        throw new StartRefusal(
          `${setting}: ${shownAddress(url)} does not answer (${reason}) after ${ANSWER_WAIT_MS / 1000} s: ${remedy}`,
        );
      if (attempt === 1)
        log(
          `${setting}: ${shownAddress(url)} does not answer yet (${reason}); trying again for ${ANSWER_WAIT_MS / 1000} s`,
        );
      await delay(RETRY_MS);
    }
  }
}

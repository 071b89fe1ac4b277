/**
 * Scenario 4: the landing page's weight. Loads `/` in headless Chromium, cold (a new browser context each
 * time, so nothing is cached), and measures the JavaScript it loads (gzip, as a compressing proxy or CDN would
 * send it; the app itself does not compress) and its largest contentful paint.
 */
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import type { BenchContext } from "../context";
import type { ScenarioReport, Target } from "../report";
import { ms, summarize } from "../stats";

export interface LandingSizes {
  loads: number;
}

const JS_BUDGET_BYTES = 100 * 1024;
const LCP_BUDGET_MS = 1000;
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/** LCP as the browser reports it once the page has loaded (the last candidate is the final one). */
const READ_LCP = () =>
  new Promise<number>((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries[entries.length - 1]!.startTime);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });

export async function landingScenario(context: BenchContext, sizes: LandingSizes): Promise<ScenarioReport> {
  const executablePath =
    process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const lcps: number[] = [];
  const scripts = new Map<string, { raw: number; gzip: number }>();
  try {
    for (let load = 0; load < sizes.loads; load += 1) {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      const bodies: Promise<void>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        bodies.push(
          response.body().then((body) => {
            scripts.set(new URL(response.url()).pathname, { raw: body.length, gzip: gzipSync(body).length });
          }),
        );
      });
      await page.goto(`${context.env.baseUrl}/`, { waitUntil: "load" });
      lcps.push(await page.evaluate(READ_LCP));
      await Promise.all(bodies);
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
  const gzipTotal = [...scripts.values()].reduce((sum, s) => sum + s.gzip, 0);
  const rawTotal = [...scripts.values()].reduce((sum, s) => sum + s.raw, 0);
  const lcp = summarize(lcps);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const targets: Target[] = [
    {
      name: "JavaScript loaded by / (gzip)",
      target: `≤ ${kb(JS_BUDGET_BYTES)}`,
      measured: kb(gzipTotal),
      met: gzipTotal <= JS_BUDGET_BYTES,
    },
    {
      name: `largest contentful paint, p50 of ${lcps.length} cold loads`,
      target: `< ${ms(LCP_BUDGET_MS)}`,
      measured: ms(lcp.p50),
      met: lcp.p50 < LCP_BUDGET_MS,
    },
  ];
  context.log(`landing: ${scripts.size} scripts, ${kb(gzipTotal)} gzip, LCP p50 ${ms(lcp.p50)}`);
  return {
    id: "landing",
    title: "Landing page weight and largest contentful paint",
    targets,
    tables: [
      {
        title: "Scripts loaded by /",
        header: ["script", "bytes", "gzip"],
        rows: [
          ...[...scripts.entries()]
            .sort((a, b) => b[1].gzip - a[1].gzip)
            .map(([path, s]) => [path, kb(s.raw), kb(s.gzip)]),
          ["total", kb(rawTotal), kb(gzipTotal)],
        ],
      },
      {
        title: "Largest contentful paint (ms)",
        header: ["", "n", "p50", "p90", "p99", "max"],
        rows: [
          ["cold load of /, 1280×800", String(lcp.n), ms(lcp.p50), ms(lcp.p90), ms(lcp.p99), ms(lcp.max)],
        ],
      },
    ],
    notes: [
      "Headless Chromium on this machine, a new browser context per load (no cache), against the production build served by `npm start`'s web process.",
      "gzip sizes are computed here (zlib level 6) from the bytes served: the app serves uncompressed and leaves compression to a proxy.",
    ],
  };
}

/**
 * Scenario 4: the landing page's weight. Loads `/` in headless Chromium, cold (a new browser context each
 * time, so nothing is cached), as a signed-out visitor, and measures the JavaScript it loads (gzip, as the web
 * sends it) and its largest contentful paint:
 * on this machine as it is, and under Lighthouse's mobile profile applied by Chromium itself.
 */
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import type { BenchContext } from "../context";
import { distRow, type ScenarioReport, type Target } from "../report";
import { ms, summarize } from "../stats";

export interface LandingSizes {
  loads: number;
}

const JS_BUDGET_BYTES = 100 * 1024;
const LCP_BUDGET_MS = 1000;
const MOBILE_LCP_BUDGET_MS = 2500;
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/**
 * Lighthouse's mobile profile (150 ms RTT, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown) as Lighthouse itself
 * hands it to Chromium's throttling (its "devtools" method, lighthouse-core/config/constants.js): Chromium
 * delays each response rather than each round trip, so Lighthouse asks for 3.75× the RTT per request and 90 %
 * of the throughput to land where the profile's network would.
 */
const MOBILE_NETWORK = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const MOBILE_CPU_SLOWDOWN = 4;
/** Lighthouse's emulated phone (a Moto G Power). */
const MOBILE_DEVICE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** LCP as the browser reports it once the page has loaded (the last candidate is the final one). */
const READ_LCP = () =>
  new Promise<number>((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries[entries.length - 1]!.startTime);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });

interface Script {
  raw: number;
  gzip: number;
}

/** One cold load of `url`: its largest contentful paint, and each script it loaded into `scripts`. */
async function coldLoad(
  browser: Browser,
  url: string,
  device: BrowserContextOptions,
  throttled: boolean,
  scripts: Map<string, Script>,
): Promise<number> {
  const context = await browser.newContext(device);
  try {
    const page = await context.newPage();
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", MOBILE_NETWORK);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_CPU_SLOWDOWN });
    }
    const bodies: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      bodies.push(
        response.body().then((body) => {
          scripts.set(new URL(response.url()).pathname, { raw: body.length, gzip: gzipSync(body).length });
        }),
      );
    });
    await page.goto(url, { waitUntil: "load" });
    const lcp = await page.evaluate(READ_LCP);
    await Promise.all(bodies);
    return lcp;
  } finally {
    await context.close();
  }
}

export async function landingScenario(context: BenchContext, sizes: LandingSizes): Promise<ScenarioReport> {
  const executablePath =
    process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const url = `${context.env.baseUrl}/`;
  const lcps: number[] = [];
  const mobileLcps: number[] = [];
  const scripts = new Map<string, Script>();
  try {
    for (let load = 0; load < sizes.loads; load += 1) {
      lcps.push(await coldLoad(browser, url, DESKTOP, false, scripts));
      mobileLcps.push(await coldLoad(browser, url, MOBILE_DEVICE, true, scripts));
    }
  } finally {
    await browser.close();
  }
  const gzipTotal = [...scripts.values()].reduce((sum, s) => sum + s.gzip, 0);
  const rawTotal = [...scripts.values()].reduce((sum, s) => sum + s.raw, 0);
  const lcp = summarize(lcps);
  const mobileLcp = summarize(mobileLcps);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const targets: Target[] = [
    {
      name: `JavaScript loaded by / (gzip), ${scripts.size} files`,
      target: `≤ ${kb(JS_BUDGET_BYTES)}`,
      measured: kb(gzipTotal),
      met: gzipTotal <= JS_BUDGET_BYTES,
    },
    {
      name: `largest contentful paint, p50 of ${lcps.length} cold loads`,
      target: `≤ ${ms(LCP_BUDGET_MS)}`,
      measured: ms(lcp.p50),
      met: lcp.p50 <= LCP_BUDGET_MS,
    },
    {
      name: `largest contentful paint, Lighthouse's mobile profile, p50 of ${mobileLcps.length} cold loads`,
      target: `≤ ${ms(MOBILE_LCP_BUDGET_MS)}`,
      measured: ms(mobileLcp.p50),
      met: mobileLcp.p50 <= MOBILE_LCP_BUDGET_MS,
    },
  ];
  context.log(
    `landing: ${scripts.size} scripts, ${kb(gzipTotal)} gzip, LCP p50 ${ms(lcp.p50)}, mobile ${ms(mobileLcp.p50)}`,
  );
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
          [`total, ${scripts.size} files`, kb(rawTotal), kb(gzipTotal)],
        ],
      },
      {
        title: "Largest contentful paint (ms)",
        header: ["", "n", "p50", "p90", "p99", "max"],
        rows: [
          distRow("cold load of /, 1280×800", lcp),
          distRow("cold load of /, Lighthouse's mobile profile, 412×823", mobileLcp),
        ],
      },
    ],
    notes: [
      "Headless Chromium on this machine, a new browser context per load (no cache), signed out, against the production build served by `npm start`'s web process.",
      "gzip sizes are computed here (zlib level 6) from each script's decoded bytes; the web sends the build's own gzip of each (level 9, a little smaller).",
      "The mobile profile is Lighthouse's (150 ms RTT, 1.6 Mbps, 4× CPU slowdown) applied by Chromium (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate) with the per-request figures Lighthouse's own devtools throttling uses: 562.5 ms latency, 1.44 Mbps down.",
    ],
  };
}

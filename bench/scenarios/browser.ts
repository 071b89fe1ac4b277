/**
 * The browser path, as a user feels it: Chromium (Playwright, JavaScript on, the e2e suite's launch options)
 * on a real signed-in chat page with the sidebar and its history loaded. The user presses Enter in the
 * composer; the page itself records when (keydown, capture phase) and when the reply's first token appears in
 * the reply bubble (a MutationObserver), then painted (the next animation frame). Playwright's request timing
 * says where the time in between went: the POST, any loader revalidation, the event stream, route code.
 * The mock answers at once (TTFT 0), so everything measured is the product and the browser. It streams the
 * reply as many real vendors do, and as the independent simulator the issue was measured with did: ~250
 * characters in pieces of 3 to 6 characters, 1 ms apart, so the first word comes in several pieces and the
 * whole reply is over in ~60 ms — while the page may still be on its way to showing the first word.
 */
import { chromium, type Page, type Request } from "@playwright/test";
import playwrightConfig from "../../playwright.config";
import { servingRecord } from "../analysis";
import { cookieFor, cpuPerReplyTable, loadTable, measure, sequentially, type BenchContext } from "../context";
import { distTable, type ScenarioReport, type Table, type Target } from "../report";
import { ms, summarize } from "../stats";
import { directiveMessage, type ReplyPlan } from "../streams";

export interface BrowserSizes {
  /** Measured sends in one chat (after the warm-up sends). */
  sends: number;
  /** First sends of a new chat, each from a fresh browser context (nothing cached). */
  newChats: number;
  /** Chats the user already has (the sidebar's history), made before the measured sends. */
  history: number;
  warmup: number;
}

/** Enter → first word painted, p50 ≤ 40 ms above the mock's TTFT. */
const ABOVE_MOCK_TTFT_MS = 40;
const MOCK_TTFT_MS = 0;
const REPLY: Omit<ReplyPlan, "tag"> = { tokens: 25, tokenMs: 1, ttftMs: MOCK_TTFT_MS, pieceChars: 6 };
const STEP_TIMEOUT_MS = 30_000;

/** What the page records about one send, on its own clock (epoch ms, sub-millisecond). */
interface PageMarks {
  expect: string;
  enterAt: number;
  /** The page's script read the first token off the network (a stream reader's chunk; 0 over EventSource). */
  readAt: number;
  firstAt: number;
  paintAt: number;
}
declare global {
  interface Window {
    __bench: PageMarks;
  }
}

/**
 * Installed in every document before the app's scripts: the marks above. A string, not a function: tsx
 * compiles functions with name helpers the page does not have.
 */
const INSTRUMENT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__bench = { expect: "", enterAt: 0, readAt: 0, firstAt: 0, paintAt: 0 };
  const read = ReadableStreamDefaultReader.prototype.read;
  ReadableStreamDefaultReader.prototype.read = function () {
    return read.call(this).then((chunk) => {
      const marks = window.__bench;
      if (marks.expect && marks.enterAt && !marks.readAt && typeof chunk.value === "string" && chunk.value.includes(marks.expect))
        marks.readAt = now();
      return chunk;
    });
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && window.__bench.expect && !window.__bench.enterAt)
      window.__bench.enterAt = now();
  }, true);
  new MutationObserver(() => {
    const marks = window.__bench;
    if (!marks.expect || !marks.enterAt || marks.firstAt) return;
    const replies = document.querySelectorAll('li[data-role="assistant"]');
    const last = replies[replies.length - 1];
    if (!last || !(last.textContent || "").includes(marks.expect)) return;
    marks.firstAt = now();
    requestAnimationFrame(() => { marks.paintAt = now(); });
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

type Kind = "POST (the send)" | "loader revalidation" | "event stream" | "route code, manifest, other";

function kindOf(request: Request): Kind {
  const url = new URL(request.url());
  if (request.method() === "POST") return "POST (the send)";
  if (url.pathname.includes("/api/completions/")) return "event stream";
  if (url.searchParams.has("_data") || url.pathname.endsWith(".data")) return "loader revalidation";
  return "route code, manifest, other";
}

interface RequestTrace {
  kind: Kind;
  /** From Enter, ms: the request issued, its response headers read, its body read (NaN while it streams). */
  start: number;
  headers: number;
  end: number;
}

interface Send {
  enterToRead: number;
  enterToFirst: number;
  enterToPaint: number;
  requests: RequestTrace[];
}

function traces(requests: Request[], enterAt: number): RequestTrace[] {
  return requests.map((request) => {
    const timing = request.timing();
    const at = (offset: number) => (offset >= 0 ? timing.startTime + offset - enterAt : Number.NaN);
    return {
      kind: kindOf(request),
      start: timing.startTime - enterAt,
      headers: at(timing.responseStart),
      end: at(timing.responseEnd),
    };
  });
}

const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });

/** No request under way, then an idle period of the page's main thread: the page has finished loading. */
async function pageSettled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}
const assistantBubbles = (page: Page) => page.locator('li[data-role="assistant"]');

/** Types the message, presses Enter, and waits for the first token painted and the reply stored. */
async function send(page: Page, plan: ReplyPlan): Promise<Send> {
  const repliesBefore = await assistantBubbles(page).count();
  await composer(page).fill(directiveMessage(plan));
  const requests: Request[] = [];
  const onRequest = (request: Request) => void requests.push(request);
  await page.evaluate((expect) => {
    window.__bench = { expect, enterAt: 0, readAt: 0, firstAt: 0, paintAt: 0 };
  }, `${plan.tag}.t0001`);
  page.on("request", onRequest);
  try {
    await composer(page).press("Enter");
    await page
      .waitForFunction(() => window.__bench.paintAt > 0, null, { timeout: STEP_TIMEOUT_MS })
      .catch(async (error: unknown) => {
        const seen = await page.evaluate(() => JSON.stringify(window.__bench)).catch(() => "?");
        throw new Error(`no first token painted at ${page.url()} (page marks ${seen}): ${String(error)}`);
      });
    // The stored reply (with its model line) replaces the live one: the send is over, the next may start.
    await assistantBubbles(page)
      .nth(repliesBefore)
      .getByTestId("message-meta")
      .waitFor({ timeout: STEP_TIMEOUT_MS });
  } finally {
    page.off("request", onRequest);
  }
  await Promise.all(requests.map((request) => request.response().catch(() => null)));
  const marks = await page.evaluate(() => window.__bench);
  return {
    enterToRead: marks.readAt ? marks.readAt - marks.enterAt : Number.NaN,
    enterToFirst: marks.firstAt - marks.enterAt,
    enterToPaint: marks.paintAt - marks.enterAt,
    requests: traces(requests, marks.enterAt),
  };
}

const KINDS: Kind[] = [
  "POST (the send)",
  "loader revalidation",
  "event stream",
  "route code, manifest, other",
];

/** Per kind of request, over the sends: how many had one, and p50 of when it started, answered, ended. */
function traceTable(title: string, sends: Send[]): Table {
  const p50 = (values: number[]) => ms(summarize(values).p50);
  const rows = KINDS.map((kind) => {
    const of = sends.map((s) => s.requests.filter((r) => r.kind === kind));
    const firsts = of.flatMap((list) => (list[0] ? [list[0]] : []));
    // Route code loads in several chunks side by side: the last one ends it. Of the others the first counts
    // (the page revalidates its loaders again once the reply ends; that one is not on the way to the token).
    const ends = of.flatMap((list) =>
      !list.length
        ? []
        : kind === "route code, manifest, other"
          ? [Math.max(...list.map((r) => r.end))]
          : [list[0]!.end],
    );
    return [
      kind,
      `${firsts.length} of ${sends.length}`,
      String(of.reduce((sum, list) => sum + list.length, 0)),
      p50(firsts.map((r) => r.start)),
      p50(firsts.map((r) => r.headers)),
      kind === "event stream" ? "(open)" : p50(ends),
    ];
  });
  // A step between two of the page's marks, in the request columns: where it starts and where it ends. Those
  // are two medians of different sends; the step's own median (each send's end minus its start) goes in the
  // label, as a slow start and a quick step would otherwise read as a long step.
  const step = (label: string, from: (send: Send) => number, to: (send: Send) => number) => [
    `${label} (the step alone: p50 ${p50(sends.map((send) => to(send) - from(send)))})`,
    "",
    "",
    p50(sends.map(from)),
    "",
    p50(sends.map(to)),
  ];
  rows.push(
    step(
      "first token read by the page's script → in the page",
      (s) => s.enterToRead,
      (s) => s.enterToFirst,
    ),
    step(
      "first token in the page → painted",
      (s) => s.enterToFirst,
      (s) => s.enterToPaint,
    ),
  );
  return {
    title,
    header: [
      "request (the first of its kind after Enter)",
      "sends with one",
      "requests",
      "starts p50",
      "headers p50",
      "ends p50",
    ],
    rows,
  };
}

export async function browserScenario(context: BenchContext, sizes: BrowserSizes): Promise<ScenarioReport> {
  const { env } = context;
  const cookie = cookieFor(context, 0);
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  const plan = (): ReplyPlan => ({ tag: context.nextTag(), ...REPLY });
  context.log(`browser: ${sizes.history} chats of history for the sidebar`);
  await sequentially(sizes.history, () => context.product.reply(cookie, plan(), STEP_TIMEOUT_MS));

  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
  const newPage = async () => {
    const browserContext = await browser.newContext({ baseURL: env.baseUrl, javaScriptEnabled: true });
    await browserContext.addCookies([{ name, value, url: env.baseUrl }]);
    await browserContext.addInitScript({ content: INSTRUMENT });
    const page = await browserContext.newPage();
    await page.goto("/chat");
    await composer(page).waitFor({ timeout: STEP_TIMEOUT_MS });
    // Playwright's first waitForFunction on a page injects its own script into the page's world, 6–9 ms of the
    // page's thread; done now, it does not land between Enter and the first token.
    await page.waitForFunction(() => true);
    return page;
  };
  try {
    context.log(
      `browser: ${sizes.newChats} first sends of a new chat at once and ${sizes.newChats} after the page settles, then ${sizes.sends} sends in one chat`,
    );
    const measured = await measure(context, async () => {
      const firstSends: Send[] = [];
      const settledSends: Send[] = [];
      let page: Page | undefined;
      for (let i = 0; i < sizes.newChats * 2; i += 1) {
        if (page) await page.context().close();
        page = await newPage(); // a fresh context: nothing cached, as a first visit
        // Every other one waits for the page to settle, as a user who types the message after it loads.
        if (i % 2) await pageSettled(page);
        (i % 2 ? settledSends : firstSends).push(await send(page, plan()));
      }
      page ??= await newPage();
      await sequentially(sizes.warmup, () => send(page, plan()));
      const chatSends = await sequentially(sizes.sends, () => send(page, plan()));
      return { firstSends, settledSends, chatSends };
    });
    const { firstSends, settledSends, chatSends } = measured.result;
    const inChat = spread(chatSends.map((s) => s.enterToPaint));
    const first = spread(firstSends.map((s) => s.enterToPaint));
    const mockTtft = summarize(
      [...measured.tap.values()].flatMap((records) => {
        const record = servingRecord(records);
        return record ? [record.writes[0]!.at - record.arrivedAt] : [];
      }),
    );
    const limit = MOCK_TTFT_MS + ABOVE_MOCK_TTFT_MS;
    const verdict = (label: string, spread: Spread): Target => ({
      name: `Enter → first token painted p50, ${label}`,
      target: `≤ ${limit} ms (mock TTFT ${MOCK_TTFT_MS} + ${ABOVE_MOCK_TTFT_MS})`,
      measured: `${ms(spread.p50)} ms (min ${ms(spread.min)}, p95 ${ms(spread.p95)})`,
      met: spread.p50 <= limit,
    });
    const replies = firstSends.length + settledSends.length + chatSends.length + sizes.warmup;
    return {
      id: "browser",
      title: `The browser path: Enter → first token painted (Chromium, mock TTFT ${MOCK_TTFT_MS})`,
      targets: [
        verdict(`${sizes.sends} sends in one chat`, inChat),
        verdict("first send of a new chat", first),
      ],
      tables: [
        {
          title: "Enter → first token (ms)",
          header: ["", "n", "min", "p50", "p95", "max"],
          rows: [
            spreadRow("sends in one chat: painted", inChat),
            spreadRow("sends in one chat: in the page", spread(chatSends.map((s) => s.enterToFirst))),
            spreadRow("first send of a new chat: painted", first),
            spreadRow("first send of a new chat: in the page", spread(firstSends.map((s) => s.enterToFirst))),
            spreadRow(
              "first send of a new chat, the page settled first: painted",
              spread(settledSends.map((s) => s.enterToPaint)),
            ),
          ],
        },
        traceTable(
          `Where the time goes, sends in one chat (ms after Enter, p50 over ${chatSends.length} sends)`,
          chatSends,
        ),
        traceTable(
          `Where the time goes, first send of a new chat (ms after Enter, p50 over ${firstSends.length})`,
          firstSends,
        ),
        traceTable(
          `Where the time goes, first send of a new chat, the page settled first (ms after Enter, p50 over ${settledSends.length})`,
          settledSends,
        ),
        distTable("The mock's own TTFT (tap: request arrived → first token written, ms)", [
          ["mock vendor", mockTtft],
        ]),
        cpuPerReplyTable("CPU per reply over the phase (the browser's own CPU not counted)", measured, [
          ["product: web", "web", replies],
          ["product: worker", "worker", replies],
        ]),
        loadTable("Load during the phase", measured),
      ],
      notes: [
        `The user has ${sizes.history} earlier chats in the sidebar; the one chat grows to ${sizes.warmup + sizes.sends + 1} exchanges. Each reply is ${REPLY.tokens} words (~250 characters) in pieces of 3 to ${REPLY.pieceChars} characters ${REPLY.tokenMs} ms apart, the first written at once; "first token" is the reply's first word, whole.`,
        `Enter and the first token are marked by the page itself (keydown in the capture phase; a MutationObserver on the reply bubble); "painted" is the next animation frame; "read by the page's script" is when a stream reader in the page returned the chunk holding the first token (the send's answer; not marked when the reply comes over EventSource). Request times are Playwright's (Chromium's network timing), on the same clock.`,
        `Each first send of a new chat loads /chat in a fresh browser context (nothing cached), as a first visit does; the ${sizes.warmup} warm-up send(s) in the chat are not measured. The target's row presses Enter as soon as the composer shows, while the page is still loading; the "page settled first" row (alternating with it) presses it once the page has no request under way and its main thread has had an idle period, as when the message is typed after the page loads. The target is judged on the first.`,
        "The peer has no page, so this scenario has no peer row.",
      ],
    };
  } finally {
    await browser.close();
  }
}

interface Spread {
  n: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentiles of a few samples (the report's Summary has p90/p99, too coarse for 15 sends). */
function spread(values: number[]): Spread {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
      : Number.NaN;
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: rank(50),
    p95: rank(95),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

const spreadRow = (label: string, s: Spread) => [
  label,
  String(s.n),
  ms(s.min),
  ms(s.p50),
  ms(s.p95),
  ms(s.max),
];

import { expectExactText, lastReply, sendMessage } from "./support/chat";
import { expect, test } from "./support/fixtures";
import { mockDirective } from "./support/mock";
import { metricSample } from "../support/metrics-text";

test.describe("web metrics", () => {
  test("after a reply, /metrics on loopback shows requests, reply requests, streams, queue and Node families", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    await sendMessage(page, `Measure me ${mockDirective({ reply: "Measured." })}`);
    await expectExactText(lastReply(page), "Measured.");

    const response = await page.request.get("/metrics");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const text = await response.text();
    expect(metricSample(text, 'rogue_reply_requests_total{outcome="queued"')).toBeGreaterThanOrEqual(1);
    // The send, by its route's pattern: a form post (302) without JavaScript, the script's send answered
    // with the reply's stream (200) with it, so no second request reads the reply.
    expect(text).toMatch(
      /rogue_http_requests_total\{method="POST",route="(\/chat(\.data)?|\/api\/chat-send\/:chatId\?)",status="(302|200)"/,
    );
    expect(text).toMatch(/rogue_http_requests_total\{method="GET",route="\/assets\/\*",status="200"/);
    expect(text).toContain("rogue_sse_streams_open");
    expect(text).toMatch(/rogue_queue_jobs\{state="waiting",role="web"\} \d+/);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});

/** `/api`: what a program can call today (nothing invented), and what is not there yet. */
import type { MetaFunction } from "@remix-run/react";
import { PageSection, PageShell } from "~/components/site/page-shell";

export const meta: MetaFunction = () => [{ title: "API — Rogue AI" }];

const ENDPOINTS = [
  {
    route: "GET /api/chats?q=",
    body: "Your chats (id, title, updated time), newest first; q filters titles. Needs a signed-in session.",
  },
  {
    route: "GET /api/completions/:id/stream",
    body: "A reply as Server-Sent Events (token, done, error); reconnect with Last-Event-ID to resume. Owner only.",
  },
  { route: "GET /chat/:id/download", body: "A chat as a text file, lines prefixed User: and Assistant:." },
  {
    route: "GET /healthz",
    body: "200 when the database and Redis answer, 503 otherwise (for load balancers).",
  },
  {
    route: "POST /api/stripe/webhook",
    body: "Stripe's signed payment events (only when Stripe is configured).",
  },
];

export default function ApiPage() {
  return (
    <PageShell
      title="Private Inference API"
      lead="What a program can use today, and what is still to come. Nothing on this page is a promise of a feature that is not there."
    >
      <PageSection title="Available today">
        <p>
          These endpoints serve the web app and use its session cookie (sign in first). They are stable enough
          to script against from a signed-in browser session, but there are no personal API tokens yet.
        </p>
        <ul className="space-y-3">
          {ENDPOINTS.map((endpoint) => (
            <li key={endpoint.route} className="rounded-lg border border-zinc-800 p-4">
              <code className="font-mono text-brand-light">{endpoint.route}</code>
              <p className="mt-1 text-zinc-400">{endpoint.body}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title="Coming soon">
        <p>
          An OpenAI-compatible <code>POST /v1/chat/completions</code> and <code>GET /v1/models</code> with
          personal API tokens for Professional accounts, through the same queue and provider fallback as the
          chat. Until it ships, Professional&apos;s &lsquo;API access&rsquo; is marked coming soon on the
          pricing page.
        </p>
      </PageSection>
    </PageShell>
  );
}

/**
 * The landing page: each section docs/product.md §1 lists, in order. No loader of its own, so the page is
 * light; the demo's tab comes from `?demo=`, so its tabs are plain links that work without JavaScript.
 */
import type { MetaFunction } from "@remix-run/react";
import { Link, useSearchParams } from "@remix-run/react";
import { ComparisonTable } from "~/components/site/comparison-table";
import {
  DEMO_TABS,
  FEATURE_CARDS,
  HERO_CLAIMS,
  HOW_STEPS,
  isDemoTab,
  MARQUEE_PROMPTS,
  QUESTION_EXAMPLES,
  WHY_POINTS,
} from "~/components/site/landing-content";
import { RotatingExamples, StickyBanner, TestimonialCarousel } from "~/components/site/landing-widgets";
import { SiteFooter } from "~/components/site/site-footer";

export const meta: MetaFunction = () => [
  { title: "Rogue AI — Ask Anything. Say Everything." },
  {
    name: "description",
    content:
      "Private, uncensored AI chat: pick from leading open models and switch between them mid-conversation.",
  },
];

function Section({ id, title, children }: { id?: string; title: string; children: React.ReactNode }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, "-")}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
      <h2 id={headingId} className="text-center text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-10">{children}</div>
    </section>
  );
}

export default function Landing() {
  const [params] = useSearchParams();
  const requested = params.get("demo");
  const tab = DEMO_TABS.find((t) => t.id === (isDemoTab(requested) ? requested : "text"))!;
  return (
    <>
      <main>
        <section className="mx-auto flex max-w-4xl flex-col items-center px-4 pb-16 pt-20 text-center">
          <span className="rounded-full border border-brand/40 bg-brand/10 px-3 py-1 text-xs font-medium text-brand-light">
            The First Truly Uncensored AI
          </span>
          <h1 className="mt-6 text-5xl font-extrabold tracking-tight sm:text-6xl">
            Ask Anything. Say Everything.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-zinc-400">
            Talk to leading open models, switch between them mid-conversation, and keep your history private.
          </p>
          {/* Decorative (docs/product.md §1): it looks like the chat box and does nothing. */}
          <div
            aria-hidden
            className="mt-8 w-full max-w-xl rounded-xl border border-zinc-700 bg-zinc-900 px-4 py-3 text-left text-zinc-400"
          >
            Ask me anything...
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/chat" className="btn-primary px-6 py-3 text-base">
              Start Uncensored Chat
            </Link>
            <Link to="/signup" className="btn-secondary px-6 py-3 text-base">
              Get Started
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap justify-center gap-6 text-sm text-zinc-400">
            {HERO_CLAIMS.map((claim) => (
              <li key={claim}>{claim}</li>
            ))}
          </ul>
        </section>

        <Section id="features" title="Features">
          <ul className="grid gap-6 md:grid-cols-3">
            {FEATURE_CARDS.map((card) => (
              <li key={card.title} className="rounded-xl border border-zinc-800 p-6">
                <h3 className="text-lg font-semibold">{card.title}</h3>
                <p className="mt-2 text-zinc-400">{card.body}</p>
              </li>
            ))}
          </ul>
          <div className="mt-8 text-center">
            <Link to="/chat" className="btn-primary px-6 py-3 text-base">
              Experience True AI Freedom
            </Link>
          </div>
        </Section>

        <section aria-label="Sample prompts" className="overflow-hidden border-y border-zinc-800 py-4">
          {/* Two copies make the loop seamless; the second is hidden from assistive technology. */}
          <div className="marquee flex w-max gap-4">
            {[0, 1].map((copy) => (
              <ul key={copy} aria-hidden={copy === 1 || undefined} className="flex gap-4">
                {MARQUEE_PROMPTS.map((prompt) => (
                  <li
                    key={prompt}
                    className="whitespace-nowrap rounded-full border border-zinc-700 px-4 py-1.5 text-sm text-zinc-300"
                  >
                    {prompt}
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </section>

        <Section title="Why Choose Us">
          <ul className="grid gap-6 sm:grid-cols-2">
            {WHY_POINTS.map((point) => (
              <li key={point.title} className="rounded-xl border border-zinc-800 p-6">
                <h3 className="font-semibold">{point.title}</h3>
                <p className="mt-2 text-zinc-400">{point.body}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Ask questions like these">
          <div className="mx-auto max-w-2xl">
            <RotatingExamples examples={QUESTION_EXAMPLES} />
          </div>
        </Section>

        <Section title="How It Works">
          <ol className="grid gap-6 md:grid-cols-3">
            {HOW_STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-zinc-800 p-6">
                <p className="text-sm font-semibold text-brand-light">Step {index + 1}</p>
                <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-zinc-400">{step.body}</p>
              </li>
            ))}
          </ol>
        </Section>

        <section aria-labelledby="block-title" className="mx-auto max-w-6xl px-4 py-16">
          <div className="grid items-center gap-8 rounded-2xl border border-zinc-800 bg-zinc-900/50 p-8 md:grid-cols-2">
            <div>
              <h2 id="block-title" className="text-3xl font-bold">
                One chat, every model
              </h2>
              <p className="mt-4 text-zinc-400">
                Start with Dolphin Mixtral, ask Llama for a second opinion, hand the code to Qwen — in the
                same conversation. If a provider has an outage, your request moves to another one by itself.
              </p>
            </div>
            <ul className="space-y-2 text-zinc-300">
              <li>✓ Replies stream as they are written</li>
              <li>✓ Stop, regenerate or edit and ask again</li>
              <li>✓ Search, rename, download and archive chats</li>
              <li>✓ Light and dark themes, five languages</li>
            </ul>
          </div>
        </section>

        <Section id="demo" title="Live demo">
          <div className="mx-auto max-w-3xl">
            <div role="tablist" aria-label="Demo" className="flex flex-wrap gap-2">
              {DEMO_TABS.map((t) => (
                <Link
                  key={t.id}
                  role="tab"
                  aria-selected={t.id === tab.id}
                  to={`?demo=${t.id}#demo`}
                  replace
                  preventScrollReset
                  className={`rounded-lg px-4 py-2 text-sm ${t.id === tab.id ? "bg-brand text-white" : "border border-zinc-700 text-zinc-300"}`}
                >
                  {t.label}
                </Link>
              ))}
            </div>
            <div
              role="tabpanel"
              aria-label={tab.label}
              className="mt-4 space-y-3 rounded-xl border border-zinc-800 p-5"
            >
              <p className="text-sm text-zinc-400">You</p>
              <p className="rounded-lg bg-zinc-900 px-4 py-3">{tab.input}</p>
              <p className="text-sm text-zinc-400">Rogue AI</p>
              <pre className="whitespace-pre-wrap rounded-lg bg-brand/10 px-4 py-3 font-sans">
                {tab.output}
              </pre>
            </div>
          </div>
        </Section>

        <section aria-labelledby="api-title" className="mx-auto max-w-6xl px-4 py-16">
          <div className="rounded-2xl border border-brand/50 bg-brand/10 p-8 md:flex md:items-center md:justify-between md:gap-8">
            <div>
              <h2 id="api-title" className="text-3xl font-bold">
                Private Inference API
              </h2>
              <p className="mt-3 max-w-2xl text-zinc-300">
                The same models, the same fallback between providers, for your own software. Read what exists
                today and what is coming.
              </p>
            </div>
            <Link to="/api" className="btn-primary mt-6 shrink-0 px-6 py-3 text-base md:mt-0">
              View API Docs
            </Link>
          </div>
        </section>

        <Section id="compare" title="How we compare">
          <ComparisonTable caption="Rogue AI compared with other AI products" />
        </Section>

        <Section title="What our users say">
          <TestimonialCarousel />
        </Section>

        <section className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 className="text-3xl font-bold">Your questions deserve real answers</h2>
          <p className="mt-4 text-zinc-400">Start free, no card needed. Upgrade when you want every model.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/chat" className="btn-primary px-6 py-3 text-base">
              Start Uncensored Chat
            </Link>
            <Link to="/pricing" className="btn-secondary px-6 py-3 text-base">
              See Pricing
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
      <StickyBanner />
    </>
  );
}

/** `/features` (docs/product.md §1): hero, six feature cards, four use cases, comparison, call to /chat. */
import type { MetaFunction } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { ComparisonTable } from "~/components/site/comparison-table";
import { SiteFooter } from "~/components/site/site-footer";

export const meta: MetaFunction = () => [{ title: "Features — Rogue AI" }];

const FEATURES = [
  {
    title: "Unfiltered answers",
    body: "Open models that answer grown-up questions instead of refusing them.",
  },
  { title: "Switch models mid-chat", body: "Change the model from the header; the conversation carries on." },
  { title: "Private history", body: "Chats are stored for your account alone; delete one and it is gone." },
  {
    title: "Streaming replies",
    body: "Text appears as it is written; stop, regenerate or edit and ask again.",
  },
  {
    title: "Automatic fallback",
    body: "If one AI provider fails, your request moves to the next by itself.",
  },
  {
    title: "Quick actions",
    body: "One tap starts an assistant tuned to write, summarise, analyse, code or advise.",
  },
];

const USE_CASES = [
  {
    title: "Creative content",
    body: "Fiction with real villains, scripts, lyrics and worldbuilding without a nanny.",
  },
  {
    title: "Business intelligence",
    body: "Summaries, blunt reviews of plans, and analysis of the data you paste in.",
  },
  {
    title: "Research",
    body: "Ask about medicine, security, history or law and get the facts, with caveats where due.",
  },
  {
    title: "Software development",
    body: "Debug stack traces, review code and write scripts with a low-temperature coder.",
  },
];

export default function FeaturesPage() {
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-16">
        <section className="text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Everything you need to ask anything
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-zinc-400">
            Leading open models, one private chat, no lectures.
          </p>
        </section>
        <section aria-labelledby="features-title" className="mt-16">
          <h2 id="features-title" className="text-2xl font-bold">
            Features
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-xl border border-zinc-800 p-6">
                <h3 className="font-semibold">{f.title}</h3>
                <p className="mt-2 text-zinc-400">{f.body}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="uses-title" className="mt-16">
          <h2 id="uses-title" className="text-2xl font-bold">
            Use cases
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {USE_CASES.map((u) => (
              <li key={u.title} className="rounded-xl border border-zinc-800 p-6">
                <h3 className="font-semibold">{u.title}</h3>
                <p className="mt-2 text-zinc-400">{u.body}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="compare-title" className="mt-16">
          <h2 id="compare-title" className="text-2xl font-bold">
            How we compare
          </h2>
          <div className="mt-6">
            <ComparisonTable caption="Rogue AI compared with other AI products" />
          </div>
        </section>
        <section className="mt-16 rounded-2xl border border-brand/50 bg-brand/10 p-8 text-center">
          <h2 className="text-2xl font-bold">Try it now</h2>
          <Link to="/chat" className="btn-primary mt-6 px-6 py-3 text-base">
            Start Chatting
          </Link>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}

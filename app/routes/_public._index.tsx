import { Link } from "@remix-run/react";

export default function Landing() {
  return (
    <main className="mx-auto flex max-w-4xl flex-col items-center px-4 py-24 text-center">
      <span className="rounded-full border border-brand/40 bg-brand/10 px-3 py-1 text-xs font-medium text-brand-light">
        The First Truly Uncensored AI
      </span>
      <h1 className="mt-6 text-5xl font-extrabold tracking-tight sm:text-6xl">
        Ask Anything. Say Everything.
      </h1>
      <p className="mt-6 max-w-2xl text-lg text-zinc-400">
        Talk to leading open models, switch between them mid-conversation, and keep your history private.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/chat" className="btn-primary px-6 py-3 text-base">
          Start Uncensored Chat
        </Link>
        <Link to="/signup" className="btn-secondary px-6 py-3 text-base">
          Get Started
        </Link>
      </div>
      <ul className="mt-12 flex flex-wrap justify-center gap-6 text-sm text-zinc-400">
        <li>10,000+ users trust us</li>
        <li>100% private conversations</li>
        <li>Instant responses</li>
      </ul>
    </main>
  );
}

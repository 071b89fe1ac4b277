import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** A public content page: a heading, its lead, the sections, and the footer. */
export function PageShell({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <>
      <main className="mx-auto max-w-4xl px-4 py-16">
        <h1 className="text-balance break-words text-4xl font-extrabold tracking-tight sm:text-5xl">
          {title}
        </h1>
        <p className="mt-4 text-lg text-zinc-400">{lead}</p>
        <div className="prose-site mt-10 space-y-12">{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}

/** `id` is the section's anchor: give one where the title is translated, so it is the same in every language. */
export function PageSection({
  title,
  id = slug(title),
  children,
}: {
  id?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} id={id} className="scroll-mt-20">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4 space-y-3 text-zinc-300">{children}</div>
    </section>
  );
}

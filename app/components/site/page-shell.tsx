import { Fragment, type ReactNode } from "react";
import { HeadingRow, PageTitle } from "./sections";
import { SiteFooter } from "./site-footer";

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** A public content page: a heading, its lead, the sections, and the footer. */
export function PageShell({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <>
      <main className="mx-auto max-w-4xl px-4 py-16">
        <PageTitle>{title}</PageTitle>
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

/**
 * A block of example code. A line wider than the box (on a phone, or behind a long origin) scrolls, and the
 * edge where more is hidden is shaded, since a scrollbar is often not drawn until one scrolls. Focusable: it is
 * scrolled from the keyboard too.
 */
export function Code({ children }: { children: string }) {
  return (
    <pre
      tabIndex={0}
      className="scroll-cue overflow-x-auto rounded-lg border border-zinc-800 bg-zinc-950 p-4 text-sm"
    >
      <code>{children}</code>
    </pre>
  );
}

/**
 * A reference table of the docs pages: the column headings, then a row a list of cells. The first `mono` columns
 * hold codes and names, set in a fixed-width font.
 */
export function DocTable({
  columns,
  rows,
  mono,
  rowClassName = "border-b border-zinc-800",
}: {
  columns: string[];
  rows: { key: string; cells: string[] }[];
  mono: number;
  rowClassName?: string;
}) {
  // Every column but the last keeps a gap on its right.
  const cellClass = (index: number, code = false) =>
    [index < columns.length - 1 ? "py-2 pr-4" : "py-2", code ? "font-mono" : ""].filter(Boolean).join(" ");
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <HeadingRow columns={columns} className="border-b border-zinc-800" cellClass={cellClass} />
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={rowClassName}>
            {row.cells.map((cell, index) => (
              // A column's place is its identity: the cells never move.
              <td key={index} className={cellClass(index, index < mono)}>
                {index < mono ? <BreakableCode code={cell} /> : cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A code name that may break between its words (`PermissionDenied|Error`) but nowhere else: on a phone a column of
 * long names would otherwise push the table wider than the screen. Copied, it reads as one word. Its spaces do
 * not break either (a card number's groups stay on one line); they are no-break spaces.
 */
function BreakableCode({ code }: { code: string }) {
  return code
    .replaceAll(" ", "\u00a0")
    .split(/(?<=[a-z])(?=[A-Z])/)
    .map((word, index) => (
      <Fragment key={index}>
        {index > 0 ? <wbr /> : null}
        {word}
      </Fragment>
    ));
}

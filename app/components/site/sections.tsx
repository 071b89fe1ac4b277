/** The pieces the public site's pages (landing, /features, /pricing, the docs pages) are built from. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A marketing page's big heading. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 className="text-balance break-words text-4xl font-extrabold tracking-tight sm:text-5xl">
      {children}
    </h1>
  );
}

/** One titled part of a page below its heading; `id` names its title for aria-labelledby. */
export function TitledSection({
  id,
  title,
  className = "mt-16",
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Card = { title: string; body: string };

/**
 * Cards of a title and a short text, in a grid (`className` sets its columns); `large` sets the titles larger.
 * Given `step`, the list is ordered and each card says its number above the title.
 */
export function CardGrid({
  className,
  large = false,
  step,
  cards,
}: {
  className: string;
  large?: boolean;
  step?: (number: number) => string;
  cards: readonly Card[];
}) {
  const List = step ? "ol" : "ul";
  // A step's number stands just above its title.
  const titleClass = [step ? "mt-1" : "", large ? "text-lg" : "", "font-semibold"].filter(Boolean).join(" ");
  return (
    <List className={className}>
      {cards.map((card, index) => (
        <li key={card.title} className="rounded-xl border border-zinc-800 p-6">
          {step ? <p className="text-sm font-semibold text-brand-light">{step(index + 1)}</p> : null}
          <h3 className={titleClass}>{card.title}</h3>
          <p className="mt-2 text-zinc-400">{card.body}</p>
        </li>
      ))}
    </List>
  );
}

/** The highlighted box that closes a page: a title and what to do next. */
export function ClosingCall({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-16 rounded-2xl border border-brand/50 bg-brand/10 p-8 text-center">
      <h2 className="text-2xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** Large call-to-action buttons in a centred row: the first is the primary one, the rest secondary. */
export function CtaLinks({
  links,
  className = "mt-8",
}: {
  links: { to: string; label: string }[];
  className?: string;
}) {
  return (
    <div className={`${className} flex flex-wrap justify-center gap-3`}>
      {links.map((link, index) => (
        <Link
          key={link.to}
          to={link.to}
          className={`${index === 0 ? "btn-primary" : "btn-secondary"} px-6 py-3 text-base`}
        >
          {link.label}
        </Link>
      ))}
    </div>
  );
}

/** A table's row of column headings; `cellClass` styles each by its place. */
export function HeadingRow({
  columns,
  className,
  cellClass,
}: {
  columns: string[];
  className?: string;
  cellClass: (index: number) => string;
}) {
  return (
    <tr className={className}>
      {columns.map((column, index) => (
        <th key={column} scope="col" className={cellClass(index)}>
          {column}
        </th>
      ))}
    </tr>
  );
}

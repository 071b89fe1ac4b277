import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A list page's query string: its filters and cursor, the empty ones left out (a filtered list is a link). */
export function pageQuery(params: Record<string, string | number | undefined>): string {
  const given = Object.entries(params).flatMap(([name, value]) =>
    value === undefined || value === "" ? [] : [[name, String(value)]],
  );
  return `?${new URLSearchParams(given)}`;
}

/**
 * A console list, framed, one row an item, with a link to its next page when there is one; `empty` is said
 * when there are no items.
 */
export function PagedList<Item extends { id: string | number }>({
  label,
  items,
  empty,
  rowTestId,
  rowClassName,
  next,
  children,
}: {
  label: string;
  items: Item[];
  empty?: string;
  rowTestId: string;
  rowClassName: string;
  /** The next page's link and its text. */
  next: { to: string; label: string } | null;
  children: (item: Item) => ReactNode;
}) {
  return (
    <>
      {items.length === 0 ? (
        // No frame around nothing: an empty one showed as a stray line under the empty text.
        empty ? (
          <p className="mt-6 text-zinc-400">{empty}</p>
        ) : null
      ) : (
        <ul aria-label={label} className="mt-6 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
          {items.map((item) => (
            <li key={item.id} data-testid={rowTestId} className={rowClassName}>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <Link to={next.to} className="btn-secondary mt-4 inline-block">
          {next.label}
        </Link>
      ) : null}
    </>
  );
}

/**
 * The search page's results: each chat's title and its best matching message, the matched words marked. The
 * marks come as parts from the server and render as elements: no text from a message is ever read as HTML.
 * See docs/product.md §6 'Search'.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { MarkedPart } from "~/modules/chats/chat-search";
import type { SearchResult } from "~/modules/chats/search.server";

export function Marked({ parts }: { parts: MarkedPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          <mark key={index} className="rounded-sm bg-brand/40 px-0.5 text-white">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

export function SearchResults({ query, results }: { query: string; results: SearchResult[] }) {
  const { t } = useTranslation("chat");
  if (results.length === 0) {
    return <p className="text-zinc-400">{t("search.none", { query })}</p>;
  }
  return (
    <section aria-labelledby="search-results-heading" className="flex flex-col gap-2">
      <h2 id="search-results-heading" className="text-sm font-medium text-zinc-400">
        {t("search.results", { query })}
      </h2>
      <ol className="flex flex-col gap-2">
        {results.map((result) => (
          <li key={result.chatId}>
            <Link
              to={result.href}
              className="block rounded-lg border border-zinc-800 bg-zinc-900/60 px-4 py-3 hover:border-zinc-600 hover:bg-zinc-900 focus-visible:border-brand"
            >
              <span className="block truncate font-medium text-zinc-100">
                <Marked parts={result.title} />
              </span>
              <span className="mt-1 block break-words text-sm leading-relaxed text-zinc-300">
                {result.message ? (
                  <>
                    <span className="mr-1.5 text-xs font-semibold uppercase tracking-wide text-zinc-500">
                      {result.message.role === "user" ? t("search.you") : t("search.reply")}
                    </span>
                    <Marked parts={result.message.snippet} />
                  </>
                ) : (
                  <span className="text-zinc-500">{t("search.titleOnly")}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

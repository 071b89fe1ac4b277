import { Form } from "@remix-run/react";
import { chatTexts } from "~/modules/chats/chat-messages";
import { useFormat } from "~/modules/i18n/format";
import { CopyButton } from "./copy-button";

/** When a link was made, to the minute; useFormat writes it in UTC, which the text then names. */
const CREATED = { dateStyle: "medium", timeStyle: "short" } as const;

/** The links with their full URL, a Copy button and a Revoke form each; shared with Settings → Shared links. */
export function ShareList({
  shares,
  origin,
  action,
  showTitles = false,
}: {
  shares: { id: string; title: string; createdAt: string }[];
  origin: string;
  action?: string;
  showTitles?: boolean;
}) {
  const format = useFormat();
  if (shares.length === 0) return <p className="mt-6 text-sm text-zinc-400">{chatTexts.shareNone}</p>;
  return (
    <ul
      aria-label={chatTexts.sharedLinksTitle}
      className="mt-6 divide-y divide-zinc-800 rounded-lg border border-zinc-800"
    >
      {shares.map((share) => {
        const url = `${origin}/share/${share.id}`;
        return (
          <li key={share.id} className="p-3 text-sm">
            {showTitles ? (
              <p className="mb-1 truncate font-medium text-zinc-100">{share.title || chatTexts.untitled}</p>
            ) : null}
            {/* A textarea, not an input: the link wraps, so a phone shows all of it, id included, and without
                JavaScript it can still be selected and copied by hand. It grows to its text where the browser
                knows field-sizing; elsewhere two rows hold a link of any host. */}
            <textarea
              readOnly
              rows={2}
              spellCheck={false}
              aria-label={chatTexts.shareLink}
              value={url}
              className="input resize-none break-all font-mono text-xs [field-sizing:content]"
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-zinc-400">
                {chatTexts.shareCreatedAt(`${format.date(share.createdAt, CREATED)} UTC`)}
              </p>
              {/* ml-auto: on a phone, where the buttons wrap under the date, they stay at the right edge. */}
              <div className="ml-auto flex items-center gap-2">
                <CopyButton text={url} label={chatTexts.shareCopy} className="btn-secondary px-2.5 py-2" />
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="shareId" value={share.id} />
                  <button type="submit" className="btn-secondary px-3 py-1.5">
                    {chatTexts.shareRevoke}
                  </button>
                </Form>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

import { Form } from "@remix-run/react";
import { chatTexts } from "~/modules/chats/chat-messages";

/** The links with their full URL and a Revoke form each; shared with Settings → Shared links. */
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
  if (shares.length === 0) return <p className="mt-6 text-sm text-zinc-400">{chatTexts.shareNone}</p>;
  return (
    <ul
      aria-label={chatTexts.sharedLinksTitle}
      className="mt-6 divide-y divide-zinc-800 rounded-lg border border-zinc-800"
    >
      {shares.map((share) => {
        const url = `${origin}/share/${share.id}`;
        return (
          <li key={share.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <div className="min-w-0 flex-1">
              {showTitles ? (
                <p className="truncate font-medium text-zinc-100">{share.title || chatTexts.untitled}</p>
              ) : null}
              <input
                readOnly
                aria-label={chatTexts.shareLink}
                value={url}
                className="input font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <p className="mt-1 text-xs text-zinc-500">{new Date(share.createdAt).toUTCString()}</p>
            </div>
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="shareId" value={share.id} />
              <button type="submit" className="btn-secondary px-3 py-1.5">
                {chatTexts.shareRevoke}
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}

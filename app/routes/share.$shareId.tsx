/**
 * /share/:shareId: a read-only copy of a chat for anyone holding the link (docs/product.md §6). Not indexed;
 * it shows the snapshot's title and messages and nothing else of the owner. 'Continue this chat' copies it
 * into the visitor's account (signing in first). An unknown, revoked or malformed id is a 404.
 */
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Markdown } from "~/components/chat/markdown";
import { AttachedFiles } from "~/components/chat/message-bubble";
import { mathStylesheet } from "~/components/chat/math-stylesheet";
import { Logo } from "~/components/logo";
import { requireUser } from "~/routes-support/auth.server";
import { chatTexts, chatToasts } from "~/modules/chats/chat-messages";
import { continueShare, readSharedChat, requireShare } from "~/modules/chats/shares.server";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { useTranslation } from "react-i18next";

const NOINDEX = "noindex, nofollow";

export const links: LinksFunction = () => [mathStylesheet];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title || chatTexts.untitled} — Rogue AI` },
  { name: "robots", content: NOINDEX },
];

// Not kept by shared caches either: a revoked link must stop at once.
export const headers: HeadersFunction = () => ({ "X-Robots-Tag": NOINDEX, "Cache-Control": "no-store" });

export async function loader({ params }: LoaderFunctionArgs) {
  return readSharedChat(db(), params.shareId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const share = await requireShare(db(), params.shareId ?? "");
  // A visitor signs in (or up) first and comes back to this page.
  const { user } = await requireUser(request);
  const chatId = await continueShare(db(), user, share.id);
  return redirectWithToast(request, `/chat/${chatId}`, { type: "success", ...chatToasts.continued });
}

export default function SharedChatPage() {
  const { t } = useTranslation("chat");
  const { title, messages } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      {/* The logo is the link home itself: wrapped in another link, the browser split the nested links apart and
          the page no longer matched what React rendered, so hydration failed. */}
      <div className="inline-flex">
        <Logo />
      </div>
      <p className="mt-6 text-sm text-zinc-400">{chatTexts.sharedNotice}</p>
      <h1 className="mt-1 text-2xl font-semibold">{title || chatTexts.untitled}</h1>
      <ol aria-label={t("view.messages")} className="mt-6 space-y-4">
        {messages.map((message, index) => (
          <li
            key={index}
            className={`rounded-lg border border-zinc-800 p-4 ${message.role === "user" ? "bg-zinc-900" : ""}`}
          >
            <p className="mb-2 text-xs font-medium text-zinc-400">
              <span className="uppercase tracking-wide">{t(`share.roles.${message.role}`)}</span>
              {/* Not upper-cased: a model's name is written as its maker writes it ("8x22B"). */}
              {message.model ? ` · ${message.model}` : ""}
            </p>
            {message.role === "assistant" ? (
              <Markdown text={message.content} />
            ) : (
              <p className="whitespace-pre-wrap break-words">{message.content}</p>
            )}
            {/* Names only: a file stays with its owner, whoever holds the link. */}
            <AttachedFiles files={message.attachments.map((name) => ({ name }))} />
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-8 rounded-lg border border-zinc-800 p-4">
        <p className="text-sm text-zinc-400">{chatTexts.continueHint}</p>
        <button type="submit" className="btn-primary mt-3">
          {chatTexts.continueChat}
        </button>
      </Form>
    </main>
  );
}

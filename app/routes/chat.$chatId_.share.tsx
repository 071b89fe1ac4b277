/**
 * /chat/:chatId/share: the chat's read-only share links (docs/product.md §6). GET lists them with the form to
 * make one; POST makes or revokes one and comes back here, with or without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ShareList } from "~/components/chat/share-list";
import { requireUser } from "~/routes-support/auth.server";
import { chatTexts, chatToasts } from "~/modules/chats/chat-messages";
import { requireVisibleChat } from "~/modules/chats/chats.server";
import { shareFormSchema } from "~/modules/chats/schemas";
import { createShare, listShares, revokeShare } from "~/modules/chats/shares.server";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: `${chatTexts.shareHeading} — Rogue AI` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const chat = await requireVisibleChat(db(), user, params.chatId ?? "");
  return {
    chat: { id: chat.id, title: chat.title },
    shares: await listShares(db(), user.id, chat.id),
    origin: new URL(request.url).origin,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const chat = await requireVisibleChat(db(), user, params.chatId ?? "");
  const submission = parseWithZod(await readFormData(request), { schema: shareFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (submission.value.intent === "create") await createShare(db(), user, chat.id);
  else await revokeShare(db(), user.id, submission.value.shareId);
  const toast = submission.value.intent === "create" ? chatToasts.shareCreated : chatToasts.shareRevoked;
  return redirectWithToast(request, `/chat/${chat.id}/share`, { type: "success", ...toast });
}

export default function ShareChatPage() {
  const { chat, shares, origin } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-2xl font-semibold">{chatTexts.shareHeading}</h1>
      <p className="mt-1 truncate text-zinc-300">{chat.title || chatTexts.untitled}</p>
      <p className="mt-3 text-sm text-zinc-400">{chatTexts.shareExplanation}</p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="create" />
        <button type="submit" className="btn-primary" disabled={busy}>
          {chatTexts.shareCreate}
        </button>
      </Form>
      <ShareList shares={shares} origin={origin} />
      <Link to={`/chat/${chat.id}`} className="btn-secondary mt-6">
        {chatTexts.backToChat}
      </Link>
    </main>
  );
}

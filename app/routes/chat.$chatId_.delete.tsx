import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatFormPage } from "~/components/chat/chat-form-page";
import { requireUser } from "~/routes-support/auth.server";
import { afterDeleteTarget, attempt } from "~/modules/chats/chat-actions.server";
import { chatTexts, chatToasts } from "~/modules/chats/chat-messages";
import { deleteChat, requireVisibleChat } from "~/modules/chats/chats.server";
import { deleteChatSchema } from "~/modules/chats/schemas";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/http.server";

/**
 * /chat/:chatId/delete. GET asks for confirmation (the no-JavaScript path; with JavaScript a dialog asks and
 * posts here); POST deletes and goes back, or to the empty new chat when the deleted chat was on screen.
 */
export const meta: MetaFunction = () => [{ title: `${chatTexts.deleteHeading} — Rogue AI` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  const chat = await requireVisibleChat(db(), session.user, params.chatId ?? "");
  const from = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), `/chat/${chat.id}`);
  return { chat: { id: chat.id, title: chat.title }, redirectTo: from.slice(0, 2048) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUser(request);
  const userId = session.user.id;
  const chat = await requireVisibleChat(db(), session.user, params.chatId ?? "");
  const submission = parseWithZod(await readFormData(request), { schema: deleteChatSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const result = await attempt("delete-chat", { userId, chatId: chat.id }, () =>
    deleteChat(db(), session.user, chat.id),
  );
  if (!result.ok) {
    return data(submission.reply({ formErrors: [chatToasts.deleteFailed.description] }), { status: 500 });
  }
  return redirectWithToast(request, afterDeleteTarget(submission.value.redirectTo, chat.id), {
    type: "success",
    ...chatToasts.deleted,
  });
}

export default function DeleteChatPage() {
  const { chat, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ id: "delete-chat", lastResult });

  return (
    <ChatFormPage
      heading={chatTexts.deleteHeading}
      form={form}
      redirectTo={redirectTo}
      submitLabel={chatTexts.deleteConfirm}
      submitClassName="btn-primary bg-red-700 hover:bg-red-800"
    >
      <p className="text-zinc-400">{chatTexts.deleteExplanation(chat.title || chatTexts.untitled)}</p>
    </ChatFormPage>
  );
}

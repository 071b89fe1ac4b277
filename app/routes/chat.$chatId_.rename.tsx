import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatFormPage } from "~/components/chat/chat-form-page";
import { Field } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { requireUser } from "~/routes-support/auth.server";
import { afterRenameTarget, attempt } from "~/modules/chats/chat-actions.server";
import { chatTexts, chatToasts } from "~/modules/chats/chat-messages";
import { renameChat, requireVisibleChat } from "~/modules/chats/chats.server";
import { renameChatSchema } from "~/modules/chats/schemas";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { readFormData } from "~/utils/http.server";

/**
 * /chat/:chatId/rename. The page is the no-JavaScript way to rename (the sidebar's Rename link); with
 * JavaScript the sidebar and the title bar edit in place and post here with `inline=1`, getting the
 * submission result back instead of a redirect.
 */
export const meta: MetaFunction = () => [{ title: `${chatTexts.renameHeading} — Rogue AI` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  const chat = await requireVisibleChat(db(), session.user, params.chatId ?? "");
  const redirectTo = afterRenameTarget(new URL(request.url).searchParams.get("redirectTo"), chat.id).slice(
    0,
    2048,
  );
  return { chat: { id: chat.id, title: chat.title }, redirectTo };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUser(request);
  const userId = session.user.id;
  const chat = await requireVisibleChat(db(), session.user, params.chatId ?? "");
  const submission = parseWithZod(await readFormData(request), { schema: renameChatSchema() });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { title, source, inline, redirectTo } = submission.value;
  const fromTitleBar = source === "title-bar";
  const result = await attempt("rename-chat", { userId, chatId: chat.id }, () =>
    renameChat(db(), session.user, chat.id, title),
  );
  if (!result.ok) {
    const failure = fromTitleBar ? chatToasts.titleUpdateFailed : chatToasts.renameFailed;
    return data(submission.reply({ formErrors: [failure.description] }), { status: 500 });
  }
  if (inline) return submission.reply();
  return redirectWithToast(request, afterRenameTarget(redirectTo, chat.id), {
    type: "success",
    ...(fromTitleBar ? chatToasts.titleUpdated : chatToasts.renamed),
  });
}

export default function RenameChatPage() {
  const { chat, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(renameChatSchema(), {
    id: "rename-chat",
    lastResult,
    defaultValue: { title: chat.title },
  });

  return (
    <ChatFormPage
      heading={chatTexts.renameHeading}
      form={form}
      redirectTo={redirectTo}
      submitLabel={chatTexts.save}
    >
      <input type="hidden" name="source" value="sidebar" />
      <Field label={chatTexts.titleLabel} meta={fields.title} type="text" autoComplete="off" />
    </ChatFormPage>
  );
}

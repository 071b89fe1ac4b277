/** /settings/shared-links: every share link of the user, each revocable (docs/product.md §6, §8). */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ShareList } from "~/components/chat/share-list";
import { requireUser } from "~/routes-support/auth.server";
import { chatTexts, chatToasts } from "~/modules/chats/chat-messages";
import { shareFormSchema } from "~/modules/chats/schemas";
import { listShares, revokeShare } from "~/modules/chats/shares.server";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { readFormData } from "~/utils/http.server";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = () => [{ title: `${chatTexts.sharedLinksTitle} — Rogue AI` }];

const PATH = "/settings/shared-links";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return { shares: await listShares(db(), user.id), origin: new URL(request.url).origin };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: shareFormSchema });
  if (submission.status !== "success" || submission.value.intent !== "revoke")
    return data(submission.reply(), { status: 400 });
  await revokeShare(db(), user.id, submission.value.shareId);
  return redirectWithToast(request, PATH, { type: "success", ...chatToasts.shareRevoked });
}

export default function SharedLinksPage() {
  const { t } = useTranslation("settings");
  const { shares, origin } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-10">
      <Link to="/chat?settings=account" className="text-sm text-zinc-400 hover:text-zinc-200">
        {t("backToSettings")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{chatTexts.sharedLinksTitle}</h1>
      <p className="mt-2 text-sm text-zinc-400">{chatTexts.sharedLinksExplanation}</p>
      <ShareList shares={shares} origin={origin} showTitles />
    </main>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSessionUser } from "~/routes-support/auth.server";
import { requireVisibleReply } from "~/modules/chats/chats.server";
import { completionEventStream } from "~/modules/completions/relay.server";
import { db } from "~/modules/server-context.server";
import { resumeOffset } from "~/modules/completions/stream-ids";
import { lastEventId, notFound } from "~/utils/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await getSessionUser(request);
  // Not signed in, not the owner, no such reply: all look alike.
  if (!session || !params.id) return notFound("Completion not found");
  await requireVisibleReply(db(), session.user, params.id);
  return completionEventStream(session.user.id, params.id, {
    signal: request.signal,
    from: resumeOffset(lastEventId(request, "lastEventId")),
  });
}

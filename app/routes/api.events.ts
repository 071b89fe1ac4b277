import type { LoaderFunctionArgs } from "@remix-run/node";
import { toasts } from "~/modules/texts/catalogue";
import { getSessionUser } from "~/routes-support/auth.server";
import { realtimeEventStream } from "~/modules/realtime/event-stream.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSessionUser(request);
  if (!session) return new Response(toasts.authRequired.title, { status: 401 });
  return realtimeEventStream(session.user.id, request.signal);
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSessionUser } from "~/modules/auth/session.server";
import { realtimeEventStream } from "~/modules/realtime/event-stream.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSessionUser(request);
  if (!session) return new Response("Authentication Required", { status: 401 });
  return realtimeEventStream(request, session.user.id);
}

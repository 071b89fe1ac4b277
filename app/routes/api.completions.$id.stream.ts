import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSessionUser } from "~/modules/auth/session.server";
import { completionEventStream } from "~/modules/completions/relay.server";
import { notFound } from "~/utils/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await getSessionUser(request);
  // Not signed in, not the owner, no such reply: all look alike.
  if (!session || !params.id) return notFound("Completion not found");
  return completionEventStream(request, session.user.id, params.id);
}

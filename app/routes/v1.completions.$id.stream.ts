import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerApi, methodNotAllowed } from "~/modules/api/api-errors";
import { resumeCompletionStream } from "~/modules/api/chat-completions.server";
import { lastEventId } from "~/utils/http.server";
import { apiCall } from "~/routes-support/api.server";

/** GET /v1/completions/:id/stream: replays an API reply's stream after Last-Event-ID (docs/product.md §12). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  answerApi(() => resumeCompletionStream(apiCall(request), params.id ?? "", lastEventId(request, "after")));

export const action = methodNotAllowed("GET");

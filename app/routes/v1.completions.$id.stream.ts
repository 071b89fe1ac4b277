import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerApi } from "~/modules/api/api-errors";
import { resumeCompletionStream } from "~/modules/api/chat-completions.server";

/** GET /v1/completions/:id/stream: replays an API reply's stream after Last-Event-ID (docs/product.md §12). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  answerApi(() => resumeCompletionStream(request, params.id ?? ""));

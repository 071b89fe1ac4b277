import type { ActionFunctionArgs } from "@remix-run/node";
import { answerApi, methodNotAllowed } from "~/modules/api/api-errors";
import { createChatCompletion } from "~/modules/api/chat-completions.server";
import { apiCall } from "~/routes-support/api.server";

/** POST /v1/chat/completions, OpenAI-compatible, whole or streamed (docs/product.md §12). */
export const action = ({ request }: ActionFunctionArgs) =>
  answerApi(() => createChatCompletion(apiCall(request)));

export const loader = methodNotAllowed("POST");

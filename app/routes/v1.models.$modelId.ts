import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerApi, methodNotAllowed } from "~/modules/api/api-errors";
import { retrieveApiModel } from "~/modules/api/chat-completions.server";
import { apiCall } from "~/routes-support/api.server";

/** GET /v1/models/{id}: one catalogue model in OpenAI's format (docs/product.md §12). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  answerApi(() => retrieveApiModel(apiCall(request), params.modelId ?? ""));

export const action = methodNotAllowed("GET");

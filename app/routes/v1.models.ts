import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerApi, methodNotAllowed } from "~/modules/api/api-errors";
import { listApiModels } from "~/modules/api/chat-completions.server";
import { apiCall } from "~/routes-support/api.server";

/** GET /v1/models: the catalogue in OpenAI's list format (docs/product.md §12). */
export const loader = ({ request }: LoaderFunctionArgs) => answerApi(() => listApiModels(apiCall(request)));

export const action = methodNotAllowed("GET");

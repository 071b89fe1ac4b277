import { answerApi, ApiError } from "~/modules/api/api-errors";
import { apiTexts } from "~/modules/texts/catalogue";

/** Any other /v1 path: OpenAI's 404 shape, so an SDK reports NotFoundError rather than an HTML page. */
const notFound = () => answerApi(() => Promise.reject(new ApiError(404, apiTexts.notFound, "not_found")));
export const loader = notFound;
export const action = notFound;

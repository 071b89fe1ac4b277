import { KEEP_REPLY_HEADER, type ApiCall } from "~/modules/api/chat-completions.server";

/** What the developer API's endpoints read of a /v1 request. */
export const apiCall = (request: Request): ApiCall => ({
  authorization: request.headers.get("Authorization"),
  body: () => request.text(),
  signal: request.signal,
  keepReply: request.headers.get(KEEP_REPLY_HEADER)?.trim().toLowerCase() === "true",
});

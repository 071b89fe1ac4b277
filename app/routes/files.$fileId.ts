/**
 * GET /files/:fileId — a file attached to a message, for its owner only (docs/product.md §14): anyone else,
 * signed in or not, gets the same 404 as for a chat that does not exist.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentResponse, requireOwnAttachment } from "~/modules/attachments/attachments.server";
import { db } from "~/modules/server-context.server";
import { requireUser } from "~/routes-support/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  return attachmentResponse(await requireOwnAttachment(db(), session.user, params.fileId ?? ""));
}

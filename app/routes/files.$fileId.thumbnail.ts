/**
 * GET /files/:fileId/thumbnail — an attached image's thumbnail, which the chat shows instead of the image
 * itself (docs/product.md §14), on the file's own terms: its owner only, the same 404 for anyone else.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOwnThumbnail, thumbnailResponse } from "~/modules/attachments/attachments.server";
import { db } from "~/modules/server-context.server";
import { requireUser } from "~/routes-support/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  return thumbnailResponse(await requireOwnThumbnail(db(), session.user, params.fileId ?? ""));
}

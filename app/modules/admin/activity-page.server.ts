import { adminTexts } from "../errors/catalogue";
import { serverContext } from "../server-context.server";
import { listAudit } from "./audit.server";
import { auditQuerySchema } from "./schemas";

export async function loadActivity(params: URLSearchParams) {
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    throw new Response(adminTexts.badQuery, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return { ...(await listAudit(serverContext().db, parsed.data)), query: parsed.data };
}

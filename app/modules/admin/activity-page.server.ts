import { adminTexts } from "../errors/catalogue";
import { serverContext } from "../server-context.server";
import type { AuditAction } from "./audit-actions";
import { listAudit } from "./audit.server";
import { plainText } from "./answer-form.server";
import { auditQuerySchema } from "./schemas";

/** The Activity screen (every kind) and the Logs screen (`only` the security events); other filters answer 400. */
export async function loadActivity(params: URLSearchParams, only?: readonly AuditAction[]) {
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success || (only && parsed.data.action && !only.includes(parsed.data.action)))
    throw plainText(adminTexts.badQuery, 400);
  return { ...(await listAudit(serverContext().db, parsed.data, only)), query: parsed.data };
}

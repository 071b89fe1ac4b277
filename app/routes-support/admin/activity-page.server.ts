import { adminTexts } from "~/modules/texts/catalogue";
import { serverContext } from "~/modules/server-context.server";
import { requireAdminPage } from "./access.server";
import { AUDIT_SCREENS, type AuditScreen } from "~/modules/admin/audit-actions";
import { listAudit } from "~/modules/admin/audit.server";
import { plainText } from "./answer-form.server";
import { auditQuerySchema } from "~/modules/admin/schemas";

/**
 * The Activity screen (every kind) and the Logs screen (only the security events), for an admin; a filter the
 * screen does not offer answers 400.
 */
export async function loadAuditScreen(request: Request, screen: AuditScreen) {
  await requireAdminPage(request);
  const only = screen === "logs" ? AUDIT_SCREENS.logs : undefined;
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success || (only && parsed.data.action && !only.includes(parsed.data.action)))
    throw plainText(adminTexts.badQuery, 400);
  return { ...(await listAudit(serverContext().db, parsed.data, only)), query: parsed.data };
}

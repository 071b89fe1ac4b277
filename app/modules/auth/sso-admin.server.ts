/**
 * The console's Single sign-on screen (docs/product.md §4 'Single sign-on'): providers added (a new OpenID
 * issuer's discovery document is read before it is saved, so a typo never reaches the sign-in page) and
 * removed, and who may sign in how. Turning password sign-in off is refused unless the admin doing it has
 * signed in through a provider that answers now: otherwise nobody could sign in any more.
 */
import type { Db } from "#db/database";
import {
  deleteSsoProvider,
  findSsoProviderById,
  insertSsoProvider,
  listSsoProviders,
  type SsoProviderInput,
} from "#db/sso-providers";
import { isUniqueViolation } from "#db/database";
import { readSigninSettings, SETTING_KEYS, writeSetting } from "#db/system-settings";
import { recordAudit } from "../admin/audit.server";
import { AdminActionError } from "../admin/users.server";
import { ssoTexts } from "../texts/catalogue";
import type { SessionUser } from "./session.server";
import { callbackUrl, isAllowedIssuer, providerConfiguration, GITHUB_ENDPOINTS } from "./sso.server";
import type { SsoAction, SsoPreset } from "./sso-schemas";

/** What a preset fills in; the admin's own scopes win. */
const PRESETS: Record<SsoPreset, Pick<SsoProviderInput, "kind" | "scopes"> & { issuerUrl?: string }> = {
  oidc: { kind: "oidc", scopes: "openid email profile" },
  google: { kind: "oidc", scopes: "openid email profile", issuerUrl: "https://accounts.google.com" },
  github: { kind: "github", scopes: "read:user user:email", issuerUrl: GITHUB_ENDPOINTS.issuer },
};

/** The sign-in URL's name for a provider: its display name in lower case, letters and digits and dashes. */
const slugOf = (displayName: string) =>
  displayName
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "provider";

/** The buttons /signin and /signup show, and whether passwords still sign in. */
export async function signinOptions(db: Db) {
  const [providers, settings] = await Promise.all([listSsoProviders(db), readSigninSettings(db)]);
  return {
    providers: providers.map((provider) => ({ slug: provider.slug, displayName: provider.display_name })),
    passwordSignin: settings.passwordSignin,
  };
}

export async function loadSsoScreen(db: Db, publicUrl: string) {
  const [providers, settings] = await Promise.all([listSsoProviders(db), readSigninSettings(db)]);
  return {
    providers: providers.map((provider) => ({
      id: provider.id,
      displayName: provider.display_name,
      kind: provider.kind,
      issuerUrl: provider.issuer_url,
      clientId: provider.client_id,
      scopes: provider.scopes,
      callbackUrl: callbackUrl(publicUrl, provider.slug),
    })),
    settings,
  };
}

export interface SsoAdminContext {
  db: Db;
  ip: string | null;
  appSecret: string;
}

export async function applySsoAction(ctx: SsoAdminContext, admin: SessionUser, action: SsoAction) {
  if (action.intent === "add-provider") return addProvider(ctx, admin, action);
  if (action.intent === "remove-provider") return removeProvider(ctx, admin, action.providerId);
  return saveSigninSettings(ctx, admin, action);
}

async function addProvider(
  { db, ip, appSecret }: SsoAdminContext,
  admin: SessionUser,
  form: Extract<SsoAction, { intent: "add-provider" }>,
) {
  const preset = PRESETS[form.preset];
  const issuerUrl = preset.issuerUrl ?? form.issuerUrl;
  if (!issuerUrl) throw new AdminActionError(ssoTexts.issuerRequired, 400);
  if (!isAllowedIssuer(new URL(issuerUrl))) throw new AdminActionError(ssoTexts.issuerNotAllowed, 400);
  const input: SsoProviderInput = {
    slug: slugOf(form.displayName),
    kind: preset.kind,
    displayName: form.displayName,
    issuerUrl,
    clientId: form.clientId,
    clientSecret: form.clientSecret,
    scopes: form.scopes ?? preset.scopes,
  };
  await providerConfiguration({ ...input, id: "" }).catch(() => {
    throw new AdminActionError(ssoTexts.issuerUnreachable, 400);
  });
  try {
    await insertSsoProvider(db, input, appSecret);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminActionError(ssoTexts.nameTaken, 409);
    throw error;
  }
  await recordAudit(db, {
    actorUserId: admin.user.id,
    action: "sso.provider-create",
    targetType: "sso-provider",
    targetId: input.slug,
    details: { kind: input.kind, issuer: issuerUrl },
    ip,
  });
  return ssoTexts.providerAdded(form.displayName);
}

async function removeProvider({ db, ip, appSecret }: SsoAdminContext, admin: SessionUser, id: string) {
  const provider = await findSsoProviderById(db, id, appSecret);
  if (!provider) throw new AdminActionError(ssoTexts.unknownProvider, 404);
  const { passwordSignin } = await readSigninSettings(db);
  // The last way in stays: with passwords off, the last provider cannot go.
  if (!passwordSignin && (await listSsoProviders(db)).length === 1)
    throw new AdminActionError(ssoTexts.passwordOffRefused, 409);
  await deleteSsoProvider(db, id);
  await recordAudit(db, {
    actorUserId: admin.user.id,
    action: "sso.provider-delete",
    targetType: "sso-provider",
    targetId: provider.slug,
    ip,
  });
  return ssoTexts.providerRemoved(provider.displayName);
}

/** Whether `userId` has signed in through a provider whose endpoints answer right now. */
async function hasWorkingIdentity({ db, appSecret }: SsoAdminContext, userId: string) {
  const identities = await db
    .selectFrom("user_identities")
    .select("provider_id")
    .where("user_id", "=", userId)
    .execute();
  for (const { provider_id } of identities) {
    const provider = await findSsoProviderById(db, provider_id, appSecret);
    if (
      provider &&
      (await providerConfiguration(provider).then(
        () => true,
        () => false,
      ))
    )
      return true;
  }
  return false;
}

async function saveSigninSettings(
  ctx: SsoAdminContext,
  admin: SessionUser,
  form: Extract<SsoAction, { intent: "signin-settings" }>,
) {
  const { db, ip } = ctx;
  const passwordSignin = form.passwordSignin === "on";
  const before = await readSigninSettings(db);
  if (!passwordSignin && before.passwordSignin && !(await hasWorkingIdentity(ctx, admin.user.id)))
    throw new AdminActionError(ssoTexts.passwordOffRefused, 409);
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, SETTING_KEYS.passwordSignin, passwordSignin ? "on" : "off");
    await writeSetting(trx, SETTING_KEYS.ssoSignupDomains, form.ssoSignupDomains.join(","));
  });
  await recordAudit(db, {
    actorUserId: admin.user.id,
    action: "sso.settings",
    targetType: "settings",
    targetId: "signin",
    details: { passwordSignin, ssoSignupDomains: form.ssoSignupDomains.join(",") },
    ip,
  });
  return ssoTexts.settingsSaved;
}

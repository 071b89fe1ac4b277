import { useTranslation } from "react-i18next";

export interface SsoButton {
  slug: string;
  displayName: string;
}

/**
 * 'Continue with …', one plain link per provider (/auth/<slug>, which redirects to the provider), loaded as a
 * whole page with or without JavaScript. `divider`: an 'or' under the buttons, before the password form.
 */
export function SsoButtons({
  providers,
  redirectTo,
  divider,
}: {
  providers: SsoButton[];
  redirectTo: string;
  divider: boolean;
}) {
  const { t } = useTranslation("auth");
  if (providers.length === 0) return null;
  return (
    <section aria-label={t("sso.label")} className="mb-6 mt-6 space-y-2">
      {providers.map((provider) => (
        <a
          key={provider.slug}
          href={`/auth/${provider.slug}?${new URLSearchParams({ redirectTo })}`}
          rel="nofollow"
          className="btn-secondary w-full"
        >
          {t("sso.continueWith", { provider: provider.displayName })}
        </a>
      ))}
      {divider ? (
        <p className="flex items-center gap-3 pt-2 text-xs uppercase text-zinc-400" aria-hidden="true">
          <span className="h-px flex-1 bg-zinc-800" />
          {t("sso.or")}
          <span className="h-px flex-1 bg-zinc-800" />
        </p>
      ) : null}
    </section>
  );
}

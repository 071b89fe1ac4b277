import { Form, useNavigation } from "@remix-run/react";
import { useHydrated } from "~/components/chat/copy-button";
import type { Language } from "#db/schema";
import type { SettingsData } from "~/modules/settings/settings.server";
import { settingsText } from "~/modules/settings/settings-messages";
import { LANGUAGE_LABELS } from "~/modules/i18n/languages";
import { LANGUAGES, type Theme } from "~/modules/settings/settings-schemas";
import { SettingRow, Switch } from "./switch";

/** The value a pending `/settings` post is changing `field` to (for an instant switch), or null. */
function usePendingSetting(intent: string, field: string): string | null {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formAction !== "/settings") return null;
  if (navigation.formData?.get("intent") !== intent) return null;
  const value = navigation.formData.get(field);
  return typeof value === "string" ? value : null;
}

/**
 * Asks the browser to allow the desktop notifications a reply that finishes in a hidden tab shows. Browsers
 * only show the prompt from a user gesture, so it is asked here, as the switch is turned on, and not later.
 */
function askNotificationPermission() {
  if ("Notification" in window && Notification.permission === "default")
    Notification.requestPermission().catch(reportError);
}

/** Which setting a form saves, and where to come back to. */
function IntentFields({ intent, redirectTo }: { intent: string; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

/** Archive all chats, and its undo: the intent each posts to /chat/archive, and its texts (idle, posting). */
const ARCHIVE_BUTTONS = [
  { intent: "archive", className: "btn-secondary px-3 py-1.5", label: "archiveButton", busy: "archiving" },
  { intent: "restore", className: "btn-ghost px-3 py-1 text-xs", label: "restoreButton", busy: "restoring" },
] as const;

export function PreferencesTab({
  data,
  theme,
  currentUrl,
}: {
  data: SettingsData;
  theme: Theme;
  /** Where each form comes back to: this page with the dialog open on this tab. */
  currentUrl: string;
}) {
  const signedIn = data.account.authenticated;
  const navigation = useNavigation();
  const hydrated = useHydrated();

  const pendingTheme = usePendingSetting("theme", "theme");
  const dark = (pendingTheme ?? theme) === "dark";
  const pendingNotifications = usePendingSetting("notifications", "notifications");
  const notifications = pendingNotifications ? pendingNotifications === "on" : data.preferences.notifications;
  const pendingLanguage = usePendingSetting("language", "language") as Language | null;
  const archiving =
    navigation.state !== "idle" && navigation.formAction === "/chat/archive"
      ? String(navigation.formData?.get("intent") ?? "archive")
      : null;

  return (
    <div className="divide-y divide-zinc-800">
      <Form method="post" action="/settings" preventScrollReset>
        <IntentFields intent="theme" redirectTo={currentUrl} />
        <SettingRow id="pref-dark-mode" label={settingsText.darkMode}>
          <Switch
            checked={dark}
            name="theme"
            value={dark ? "light" : "dark"}
            aria-labelledby="pref-dark-mode"
          />
        </SettingRow>
      </Form>

      <Form
        method="post"
        action="/settings"
        preventScrollReset
        onSubmit={notifications ? undefined : askNotificationPermission}
      >
        <IntentFields intent="notifications" redirectTo={currentUrl} />
        <SettingRow
          id="pref-notifications"
          label={settingsText.notifications}
          hint={signedIn ? undefined : settingsText.guestEmail}
        >
          <Switch
            checked={notifications}
            name="notifications"
            value={notifications ? "off" : "on"}
            disabled={!signedIn}
            aria-labelledby="pref-notifications"
          />
        </SettingRow>
      </Form>

      <Form method="post" action="/settings" preventScrollReset>
        <IntentFields intent="language" redirectTo={currentUrl} />
        <SettingRow id="pref-language" label={settingsText.language}>
          <div className="flex items-center gap-2">
            <select
              key={data.preferences.language}
              name="language"
              aria-labelledby="pref-language"
              defaultValue={pendingLanguage ?? data.preferences.language}
              disabled={!signedIn}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className="rounded-lg border border-zinc-700 bg-zinc-900 px-2 py-1.5 text-sm text-zinc-100"
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_LABELS[language]}
                </option>
              ))}
            </select>
            {/* With JavaScript, choosing saves at once; without it, this button does. */}
            <button
              type="submit"
              className="btn-secondary px-3 py-1.5"
              hidden={hydrated}
              disabled={!signedIn}
            >
              {settingsText.save}
            </button>
          </div>
        </SettingRow>
      </Form>

      {signedIn ? (
        <Form method="post" action="/chat/archive" preventScrollReset>
          <input type="hidden" name="redirectTo" value={currentUrl} />
          <SettingRow id="pref-archive" label={settingsText.archiveAll} hint={settingsText.archiveHint}>
            <div className="flex shrink-0 flex-col gap-1.5">
              {ARCHIVE_BUTTONS.map(({ intent, className, label, busy }) => (
                <button
                  key={intent}
                  type="submit"
                  name="intent"
                  value={intent}
                  className={className}
                  disabled={Boolean(archiving)}
                >
                  {archiving === intent ? settingsText[busy] : settingsText[label]}
                </button>
              ))}
            </div>
          </SettingRow>
        </Form>
      ) : null}

      <SettingRow id="pref-sound" label={settingsText.messageSound} hint={settingsText.messageSoundNote}>
        <Switch
          type="button"
          checked
          disabled
          aria-labelledby="pref-sound"
          aria-describedby="pref-sound-hint"
        />
      </SettingRow>
    </div>
  );
}

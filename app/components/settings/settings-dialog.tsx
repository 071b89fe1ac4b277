/**
 * The settings dialog: 450 px wide, at most 85% of the viewport high, tabs Account, Preferences and
 * About. It is open while the URL has `?settings=<tab>`, so the server renders it open and it works without
 * JavaScript: tabs are links to `?settings=<tab>`, "close" is a link without the parameter, and every setting
 * is a form post. With JavaScript, tabs switch at once, Escape or a click outside closes, buttons show pending
 * states.
 *
 * Not modal in Radix's sense (`modal={false}`): a modal Radix dialog hides the rest of the page from assistive
 * technology, including the toasts that confirm each setting; our own overlay dims the page instead.
 * See docs/product.md §8.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { CloseIcon } from "~/components/chat/icons";
import * as Tabs from "@radix-ui/react-tabs";
import { Link, useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useId, useState } from "react";
import type { RootData } from "~/root";
import type { SettingsData } from "~/modules/settings/settings.server";
import { settingsText } from "~/modules/settings/settings-messages";
import {
  DEFAULT_THEME,
  settingsTab,
  SETTINGS_TABS,
  type SettingsTab,
} from "~/modules/settings/settings-schemas";
import { AboutTab } from "./about-tab";
import { AccountTab } from "./account-tab";
import { PreferencesTab } from "./preferences-tab";
import { API_KEY_PARAM, apiKeyUrl, closedUrl, tabUrl } from "./settings-urls";
import { useTranslation } from "react-i18next";

export function SettingsDialog({ data, tab }: { data: SettingsData; tab: string | null }) {
  const { search } = useLocation();
  // The API key dialog (`&apikey=edit`) takes its place; closing that one comes back here.
  if (tab === null || new URLSearchParams(search).has(API_KEY_PARAM)) return null;
  return <OpenSettingsDialog data={data} tab={settingsTab(tab)} />;
}

function OpenSettingsDialog({ data, tab }: { data: SettingsData; tab: SettingsTab }) {
  const { t } = useTranslation("settings");
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Radix names the dialog only after hydration; our own id names it in the server's HTML too.
  const titleId = useId();
  const theme = useRouteLoaderData<RootData>("root")?.theme ?? DEFAULT_THEME;

  // The tab switches at once; the URL follows (so a reload or a form's redirect comes back to it).
  const [active, setActive] = useState<SettingsTab>(tab);
  const [seenTab, setSeenTab] = useState(tab);
  if (tab !== seenTab) {
    setSeenTab(tab);
    setActive(tab);
  }
  const select = (value: string) => {
    const next = settingsTab(value);
    if (next === active) return;
    setActive(next);
    navigate(tabUrl(pathname, search, next), { replace: true, preventScrollReset: true });
  };

  const closeHref = closedUrl(pathname, search);
  const close = () => navigate(closeHref, { preventScrollReset: true });
  const currentUrl = tabUrl(pathname, search, active);

  return (
    <Dialog.Root open modal={false} onOpenChange={(open) => (open ? undefined : close())}>
      <div aria-hidden className="fixed inset-0 z-40 bg-black/60" data-testid="settings-overlay" />
      <Dialog.Content
        aria-labelledby={titleId}
        className="fixed left-1/2 top-[7.5vh] z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] max-w-[450px] -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-zinc-800 bg-zinc-950 text-zinc-100 shadow-2xl focus:outline-none"
        onInteractOutside={(event) => {
          // Toasts sit above the overlay: clicking one must not close the dialog.
          if ((event.target as Element | null)?.closest?.("[data-toast-list]")) event.preventDefault();
        }}
      >
        <div className="flex items-start justify-between gap-4 px-6 pb-2 pt-5">
          <div>
            <Dialog.Title id={titleId} className="text-lg font-semibold">
              {settingsText.title}
            </Dialog.Title>
            <Dialog.Description className="text-sm text-zinc-400">
              {settingsText.description}
            </Dialog.Description>
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            aria-label={settingsText.close}
            className="icon-btn -mr-2 h-8 w-8"
          >
            <CloseIcon />
          </Link>
        </div>

        <Tabs.Root value={active} onValueChange={select} className="flex min-h-0 flex-1 flex-col">
          <Tabs.List
            aria-label={t("sections")}
            className="mx-6 grid shrink-0 grid-cols-3 gap-1 rounded-lg bg-zinc-900 p-1"
          >
            {SETTINGS_TABS.map((value) => (
              <Tabs.Trigger key={value} value={value} asChild>
                <Link
                  to={tabUrl(pathname, search, value)}
                  replace
                  preventScrollReset
                  // With JavaScript the trigger has already switched (and set the URL) on mouse-down.
                  onClick={(event) => {
                    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey;
                    if (plain) event.preventDefault();
                  }}
                  className="rounded-md px-3 py-1.5 text-center text-sm font-medium text-zinc-400 transition hover:text-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-light data-[state=active]:bg-zinc-800 data-[state=active]:text-zinc-100"
                >
                  {settingsText.tabs[value]}
                </Link>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6 pt-4">
            <Tabs.Content value="account" className="focus:outline-none">
              <AccountTab
                data={data}
                apiKeyHref={apiKeyUrl(pathname, search)}
                signInHref={`/signin?${new URLSearchParams({ redirectTo: currentUrl })}`}
              />
            </Tabs.Content>
            <Tabs.Content value="preferences" className="focus:outline-none">
              <PreferencesTab data={data} theme={theme} currentUrl={currentUrl} />
            </Tabs.Content>
            <Tabs.Content value="about" className="focus:outline-none">
              <AboutTab />
            </Tabs.Content>
          </div>
        </Tabs.Root>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The settings dialog's place in the URL: `?settings=<tab>` opens it; the key dialog adds `apikey=edit`. */
import type { SettingsTab } from "~/modules/settings/settings-schemas";

export const SETTINGS_PARAM = "settings";
export const API_KEY_PARAM = "apikey";

const withSearch = (pathname: string, params: URLSearchParams) => {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
};

/** The current page without the dialog (what "close" links to). */
export function closedUrl(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SETTINGS_PARAM);
  params.delete(API_KEY_PARAM);
  return withSearch(pathname, params);
}

/** The current page with the dialog open on `tab`. */
export function tabUrl(pathname: string, search: string, tab: SettingsTab): string {
  const params = new URLSearchParams(search);
  params.delete(API_KEY_PARAM);
  params.set(SETTINGS_PARAM, tab);
  return withSearch(pathname, params);
}

/** The API key dialog (built on the chat screen) over the Account tab. */
export function apiKeyUrl(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(SETTINGS_PARAM, "account");
  params.set(API_KEY_PARAM, "edit");
  return withSearch(pathname, params);
}

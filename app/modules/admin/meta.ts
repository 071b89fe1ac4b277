import type { MetaFunction } from "@remix-run/node";
import type { Resources } from "~/modules/i18n/resources";
import { translate } from "~/modules/i18n/translate";

export type AdminScreen = keyof Resources["admin"]["screens"];

/** "Users — Admin — Rogue AI" in the page's language, read when the page renders (never once at import). */
export const adminMeta =
  (screen: AdminScreen): MetaFunction =>
  () => [{ title: translate("admin:meta.title", { screen: translate(`admin:screens.${screen}`) }) }];

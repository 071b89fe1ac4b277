/**
 * The English texts, bundled everywhere: English is the fallback of every other language, and the worker and
 * scripts (which never translate) read the catalogue through it. The other languages load on demand
 * (client.ts in the browser, resources.server.ts on the web).
 */
import admin from "~/locales/en/admin.json";
import auth from "~/locales/en/auth.json";
import chat from "~/locales/en/chat.json";
import checkout from "~/locales/en/checkout.json";
import common from "~/locales/en/common.json";
import docs from "~/locales/en/docs.json";
import messages from "~/locales/en/messages.json";
import settings from "~/locales/en/settings.json";
import site from "~/locales/en/site.json";

export const en = { admin, auth, chat, checkout, common, docs, messages, settings, site };
export type Resources = typeof en;
export type Namespace = keyof Resources;
export const NAMESPACES = Object.keys(en) as Namespace[];
export const DEFAULT_NAMESPACE = "common" satisfies Namespace;

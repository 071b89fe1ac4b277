import "i18next";
import type { Resources } from "./resources";

// Typed keys: `t("chat:send")` fails the typecheck when the English file lacks the key.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Resources;
  }
}

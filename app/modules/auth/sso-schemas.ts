/** The admin's single sign-on forms, shared by the browser (instant feedback) and the server (the real check). */
import { z } from "zod";
import { adminTexts, ssoTexts } from "../texts/catalogue";
import { perLocale } from "../i18n/translate";
import { requiredText } from "~/utils/form-fields";

/** 'Kind' on the form: any OpenID Connect provider, or a preset that fills in the rest. */
export const SSO_PRESETS = ["oidc", "google", "github"] as const;
export type SsoPreset = (typeof SSO_PRESETS)[number];

const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A domain as people write it after the @ (example.com, mail.example.co.uk). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ssoActionSchema = perLocale(() =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("add-provider"),
      preset: z.enum(SSO_PRESETS),
      displayName: requiredText(adminTexts.displayNameRequired, 60),
      issuerUrl: z.preprocess(
        blankAsMissing,
        z.string().trim().max(500).url(ssoTexts.issuerNotAllowed).optional(),
      ),
      clientId: requiredText(ssoTexts.clientIdRequired, 500),
      clientSecret: requiredText(ssoTexts.clientSecretRequired, 2000),
      scopes: z.preprocess(
        blankAsMissing,
        z
          .string()
          .trim()
          .max(500)
          .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/)
          .optional(),
      ),
    }),
    z.object({ intent: z.literal("remove-provider"), providerId: z.string().min(1).max(100) }),
    z.object({
      intent: z.literal("signin-settings"),
      passwordSignin: z.enum(["on", "off"]),
      ssoSignupDomains: z
        .string()
        .max(2000)
        .default("")
        .transform((text) =>
          text
            .split(",")
            .map((domain) => domain.trim().toLowerCase())
            .filter(Boolean),
        )
        .refine((domains) => domains.every((domain) => DOMAIN.test(domain)), ssoTexts.domainInvalid),
    }),
  ]),
);
export type SsoAction = z.infer<ReturnType<typeof ssoActionSchema>>;

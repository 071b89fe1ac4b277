/**
 * Checkout fields (docs/product.md §2), shared by the browser (errors as you type) and each step's action
 * (the real check). Built per language: their messages are in them. No field carries a price: the amount comes from the server's price table.
 */
import { z } from "zod";
import { emailField } from "../auth/schemas";
import { messages } from "../texts/catalogue";
import { perLocale } from "../i18n/translate";
import { cardNumberValid } from "./card-numbers";
import { BILLINGS, PLANS } from "./prices";
import { requiredText } from "~/utils/form-fields";

const required = (message: string, max = 200) =>
  requiredText(message, max, messages.tooLong("thisField", max));

/** The plan and period from the URL or a hidden field; anything else is a tampered request. */
export const planChoiceSchema = perLocale(() =>
  z.object({
    tier: z.enum(PLANS as [string, ...string[]], { message: messages.unknownPlan }).default("starter"),
    billing: z.enum(BILLINGS as [string, ...string[]], { message: messages.unknownPlan }).default("monthly"),
  }),
);

export const detailsSchema = perLocale(() =>
  z.object({
    name: required(messages.nameRequired, 100),
    email: emailField(),
    address: required(messages.addressRequired),
    city: required(messages.cityRequired, 100),
    zipCode: required(messages.zipRequired, 20),
    country: required(messages.countryRequired, 100),
  }),
);

/** Spaces and dashes are how people type card numbers; they are not digits and are dropped. */
const digits = (value: string) => value.replace(/[\s-]/g, "");

export const paymentSchema = perLocale(() =>
  z.object({
    cardNumber: z
      .string({ required_error: messages.cardNumberRequired })
      .transform(digits)
      .pipe(
        z.string().min(1, messages.cardNumberRequired).refine(cardNumberValid, messages.cardNumberInvalid),
      ),
    expiry: z
      .string({ required_error: messages.expiryRequired })
      .trim()
      .min(1, messages.expiryRequired)
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, messages.expiryFormat),
    cvv: z
      .string({ required_error: messages.cvvRequired })
      .trim()
      .min(1, messages.cvvRequired)
      .regex(/^\d{3,4}$/, messages.cvvInvalid),
  }),
);

export type Details = z.infer<ReturnType<typeof detailsSchema>>;
export type CardInput = z.infer<ReturnType<typeof paymentSchema>>;

/** Sign-in and sign-up fields, shared by the browser (instant feedback) and the server (the real check). */
import { z } from "zod";
import { messages } from "../errors/catalogue";

const email = z
  .string({ required_error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.tooLong("Email", 254))
  .email(messages.emailInvalid);

export const signinSchema = z.object({
  email,
  password: z
    .string({ required_error: messages.passwordRequired })
    .max(256, messages.tooLong("Password", 256)),
  redirectTo: z.string().max(2048).optional(),
});

export const signupSchema = z.object({
  name: z
    .string({ required_error: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(100, messages.tooLong("Name", 100)),
  email,
  password: z
    .string({ required_error: messages.passwordRequired })
    .min(8, messages.passwordTooShort)
    .max(256, messages.tooLong("Password", 256)),
  redirectTo: z.string().max(2048).optional(),
});

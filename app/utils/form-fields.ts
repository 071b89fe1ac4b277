/** Form field schemas shared by every form's zod schema (the browser's instant check and the server's). */
import { z } from "zod";

/**
 * A required text: trimmed, refused with `message` when absent or blank, and with `tooLong` (the same message
 * unless given) past `max` characters.
 */
export const requiredText = (message: string, max: number, tooLong = message) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, tooLong);

import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { settingsErrors } from "./settings-messages";
import { settingsSchema, settingsTab } from "./settings-schemas";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return parseWithZod(data, { schema: settingsSchema() });
};
const errorsOf = (submission: ReturnType<typeof form>) =>
  submission.status === "error" ? submission.error : undefined;

describe("settings form schema", () => {
  it("accepts each intent with a valid value", () => {
    expect(form({ intent: "theme", theme: "light", redirectTo: "/chat" })).toMatchObject({
      status: "success",
      value: { intent: "theme", theme: "light", redirectTo: "/chat" },
    });
    expect(form({ intent: "notifications", notifications: "off" })).toMatchObject({
      status: "success",
      value: { intent: "notifications", notifications: "off" },
    });
    for (const language of ["english", "spanish", "french", "german", "chinese"]) {
      expect(form({ intent: "language", language })).toMatchObject({
        status: "success",
        value: { language },
      });
    }
  });

  it("refuses values outside the lists, with a message", () => {
    const theme = form({ intent: "theme", theme: "purple" });
    expect(theme.status).toBe("error");
    expect(errorsOf(theme)?.theme).toEqual([settingsErrors.badTheme]);

    const language = form({ intent: "language", language: "klingon" });
    expect(errorsOf(language)?.language).toEqual([settingsErrors.badLanguage]);

    const notifications = form({ intent: "notifications", notifications: "maybe" });
    expect(errorsOf(notifications)?.notifications).toEqual([settingsErrors.badNotifications]);
  });

  it("refuses a missing or unknown intent", () => {
    expect(form({ theme: "dark" }).status).toBe("error");
    const unknown = form({ intent: "delete-everything" });
    expect(unknown.status).toBe("error");
    expect(Object.values(errorsOf(unknown) ?? {}).flat()).toContain(settingsErrors.badIntent);
  });

  it("opens an unknown or missing tab on Account", () => {
    expect(settingsTab("preferences")).toBe("preferences");
    expect(settingsTab("about")).toBe("about");
    expect(settingsTab("billing")).toBe("account");
    expect(settingsTab(null)).toBe("account");
  });
});

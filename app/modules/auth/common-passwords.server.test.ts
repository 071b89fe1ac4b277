import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.server";

describe("common passwords", () => {
  it("refuses passwords from the breach list in any case, and lets a rare one through", () => {
    for (const password of ["password", "12345678", "qwertyuiop", "Password1", "ILOVEYOU"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword("violet-harbour-71-lantern")).toBe(false);
  });
});

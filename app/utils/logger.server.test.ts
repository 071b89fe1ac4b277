import { describe, expect, it } from "vitest";
import { pathForLog } from "./logger.server";

describe("paths in log lines", () => {
  it("puts the route's parameter names in place of their values", () => {
    expect(pathForLog("/share/X_zPn5Qm0aB1cD2e", { shareId: "X_zPn5Qm0aB1cD2e" })).toBe("/share/:shareId");
    expect(pathForLog("/chat/abc/share", { chatId: "abc" })).toBe("/chat/:chatId/share");
    expect(pathForLog("/admin/a/b", { "*": "a/b" })).toBe("/admin/*");
    expect(pathForLog("/x/caf%C3%A9", { name: "café" })).toBe("/x/:name");
    expect(pathForLog("/chat", {})).toBe("/chat");
  });
});

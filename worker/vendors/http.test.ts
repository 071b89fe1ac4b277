import { describe, expect, it } from "vitest";
import { statusFailure, vendorMessage } from "./http";

describe("statusFailure", () => {
  it.each([
    [404, "No such route", { code: "not_found", status: 404, detail: "No such route" }],
    [401, undefined, { code: "auth", status: 401 }],
    [403, "Forbidden", { code: "auth", status: 403, detail: "Forbidden" }],
    [
      400,
      "messages must not be empty",
      { code: "bad_request", status: 400, detail: "messages must not be empty" },
    ],
    [400, "Unknown MODEL x", { code: "model", status: 400, detail: "Unknown MODEL x" }],
    [503, "model is overloaded", { code: "model", status: 503, detail: "model is overloaded" }],
    [404, "model not found", { code: "not_found", status: 404, detail: "model not found" }],
    [401, "model access denied", { code: "auth", status: 401, detail: "model access denied" }],
    [502, "upstream failed", { code: "http", status: 502, detail: "upstream failed" }],
  ])("maps status %i with message %j", (status, message, failure) => {
    expect(statusFailure(status, message)).toEqual(failure);
  });

  it("falls back to the status text when the vendor gave no message", () => {
    expect(statusFailure(502, undefined, "Bad Gateway")).toEqual({
      code: "http",
      status: 502,
      detail: "Bad Gateway",
    });
    expect(statusFailure(502, undefined)).toEqual({ code: "http", status: 502, detail: undefined });
  });
});

describe("vendorMessage", () => {
  it("reads the message of each common error shape", () => {
    expect(vendorMessage({ error: { message: "nested" } }, "k")).toBe("nested");
    expect(vendorMessage({ error: "flat" }, "k")).toBe("flat");
    expect(vendorMessage({ status: "error", message: "top level" }, "k")).toBe("top level");
    expect(vendorMessage({ error: { code: 7 } }, "k")).toBeUndefined();
    expect(vendorMessage("plain text", "k")).toBeUndefined();
  });

  it("truncates to 300 characters and redacts the key", () => {
    expect(vendorMessage({ message: "x".repeat(500) }, "k")).toHaveLength(300);
    expect(vendorMessage({ message: "bad key sk-123 for sk-123" }, "sk-123")).toBe(
      "bad key [redacted] for [redacted]",
    );
  });
});

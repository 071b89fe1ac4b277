import { describe, expect, it } from "vitest";
import { modelslabReply } from "./modelslab";
import { VendorError } from "./types";

function failureOf(body: unknown) {
  try {
    modelslabReply(body, "secret");
  } catch (error) {
    if (error instanceof VendorError) return error.failure;
    throw error;
  }
  throw new Error("expected a VendorError");
}

describe("modelslabReply", () => {
  it("reads a success output given as a string or as an array of strings", () => {
    expect(modelslabReply({ status: "success", output: "Hi there" }, "secret")).toBe("Hi there");
    expect(modelslabReply({ status: "success", output: ["Hi", " there"] }, "secret")).toBe("Hi there");
  });

  it("reads an OpenAI-like choices body", () => {
    expect(modelslabReply({ choices: [{ message: { role: "assistant", content: "Hey" } }] }, "secret")).toBe(
      "Hey",
    );
  });

  it("maps a reported error about the key to auth", () => {
    expect(failureOf({ status: "error", message: "Invalid API key: secret" })).toEqual({
      code: "auth",
      status: 401,
      detail: "Invalid API key: [redacted]",
    });
  });

  it("maps a reported error about the model to model, and any other to http", () => {
    expect(failureOf({ status: "error", message: "model_id not found" })).toEqual({
      code: "model",
      detail: "model_id not found",
    });
    expect(failureOf({ status: "error", message: "Server busy" })).toEqual({
      code: "http",
      detail: "Server busy",
    });
  });

  it.each([
    [{ status: "success" }],
    [{ status: "processing", fetch_result: "https://example.invalid/fetch/1" }],
    [{ choices: [] }],
    [{ status: "success", output: 42 }],
    [null],
  ])("rejects the unexpected body %j as modelslab_format", (body) => {
    expect(failureOf(body)).toEqual({ code: "modelslab_format" });
  });
});

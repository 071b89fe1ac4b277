import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { identifyFile } from "./file-kinds.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures", name)));
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
const EXE = new Uint8Array([0x4d, 0x5a, ...new Array(126).fill(0)]);

describe("identifyFile", () => {
  it("reads text by its bytes and takes only its flavour from the name", async () => {
    expect(await identifyFile("notes.md", bytes("# Title"))).toEqual({
      kind: "text",
      mediaType: "text/markdown",
    });
    expect(await identifyFile("data.CSV", bytes("a,b\n1,2"))).toEqual({
      kind: "text",
      mediaType: "text/csv",
    });
    expect(await identifyFile("x.json", bytes('{"a":1}'))).toEqual({
      kind: "text",
      mediaType: "application/json",
    });
    expect(await identifyFile("main.py", bytes("print('héllo')"))).toEqual({
      kind: "text",
      mediaType: "text/plain",
    });
    expect(await identifyFile("README", bytes("plain"))).toEqual({ kind: "text", mediaType: "text/plain" });
  });

  it("knows a PDF and an image by their bytes, whatever their names say", async () => {
    expect(await identifyFile("report.txt", fixture("pelicans.pdf"))).toEqual({
      kind: "pdf",
      mediaType: "application/pdf",
    });
    expect(await identifyFile("photo.txt", PNG)).toEqual({ kind: "image", mediaType: "image/png" });
  });

  it("refuses programs and other binaries posing as text or images", async () => {
    expect(await identifyFile("notes.txt", ELF)).toEqual({ kind: "unsupported" });
    expect(await identifyFile("cat.png", EXE)).toEqual({ kind: "unsupported" });
    expect(await identifyFile("data.csv", new Uint8Array([0x61, 0, 0x62]))).toEqual({ kind: "unsupported" });
    expect(await identifyFile("latin1.txt", new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toEqual({
      kind: "unsupported",
    });
  });
});

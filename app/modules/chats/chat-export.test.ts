import { describe, expect, it } from "vitest";
import { contentDisposition, downloadFilename, downloadResponse, transcriptText } from "./chat-export.server";

describe("a downloaded chat's text", () => {
  it("has one 'User:' / 'Assistant:' / 'System:' entry per message, in order, separated by a blank line", () => {
    expect(
      transcriptText([
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hello?" },
        { role: "assistant", content: "Hi!\nHow can I help?" },
      ]),
    ).toBe("System: Be brief.\n\nUser: Hello?\n\nAssistant: Hi!\nHow can I help?\n");
  });

  it("names a question's files after it, in every format, and never includes them", async () => {
    const messages = [
      { role: "user" as const, content: "Sum these up.", attachments: ["q3.csv", "notes.md"] },
      { role: "assistant" as const, content: "Done." },
    ];
    expect(transcriptText(messages)).toBe(
      "User: Sum these up.\n\nAttached: q3.csv, notes.md\n\nAssistant: Done.\n",
    );
    const chat = { title: "Sums", messages };
    expect(await downloadResponse(chat, "md").text()).toContain(
      "Sum these up.\n\nAttached: q3.csv, notes.md",
    );
    const json = JSON.parse(await downloadResponse(chat, "json").text()) as {
      messages: { attachments: string[] }[];
    };
    expect(json.messages.map((m) => m.attachments)).toEqual([["q3.csv", "notes.md"], []]);
  });

  it("is empty for a chat without messages", () => {
    expect(transcriptText([])).toBe("");
  });
});

describe("a downloaded chat's file name", () => {
  it("is the title with .txt", () => {
    expect(downloadFilename("Trip to Lisbon")).toBe("Trip to Lisbon.txt");
  });

  it("is chat.txt when the title is empty or has nothing usable", () => {
    expect(downloadFilename("")).toBe("chat.txt");
    expect(downloadFilename("   ")).toBe("chat.txt");
    expect(downloadFilename(null)).toBe("chat.txt");
    expect(downloadFilename('/\\:*?"<>|')).toBe("chat.txt");
  });

  it("drops path separators, reserved and control characters, and leading dots", () => {
    expect(downloadFilename("../../etc/passwd")).toBe("etc passwd.txt");
    expect(downloadFilename('a/b\\c:d*e?f"g<h>i|j')).toBe("a b c d e f g h i j.txt");
    expect(downloadFilename("line\nbreak\ttab\u0000nul")).toBe("line break tab nul.txt");
  });

  it("keeps accents and emoji, and cuts very long titles at 100 characters", () => {
    expect(downloadFilename("Café ☕ 🙂")).toBe("Café ☕ 🙂.txt");
    expect(downloadFilename("🙂".repeat(150))).toBe(`${"🙂".repeat(100)}.txt`);
  });
});

describe("the Content-Disposition header", () => {
  it("is an attachment with a plain filename and the exact UTF-8 name in filename*", () => {
    expect(contentDisposition("Trip to Lisbon")).toBe(
      `attachment; filename="Trip to Lisbon.txt"; filename*=UTF-8''Trip%20to%20Lisbon.txt`,
    );
    expect(contentDisposition("Café ☕")).toBe(
      `attachment; filename="Caf_ _.txt"; filename*=UTF-8''Caf%C3%A9%20%E2%98%95.txt`,
    );
  });

  it("falls back to chat.txt when nothing of the title is ASCII", () => {
    expect(contentDisposition("日本語")).toMatch(/^attachment; filename="chat.txt"; filename\*=UTF-8''%E6/);
    expect(contentDisposition("")).toBe(`attachment; filename="chat.txt"; filename*=UTF-8''chat.txt`);
  });

  it("can never break out of the quoted string or the header", () => {
    const header = contentDisposition('a"; filename="evil.exe"\r\nSet-Cookie: x=1');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(() => new Headers({ "Content-Disposition": header })).not.toThrow();
  });
});

describe("the download response", () => {
  it("is UTF-8 plain text sent as an attachment", async () => {
    const response = downloadResponse({ title: "Notes", messages: [{ role: "user", content: "Olá" }] });
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain('filename="Notes.txt"');
    expect(await response.text()).toBe("User: Olá\n");
  });
});

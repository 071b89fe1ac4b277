/** The small pure pieces behind the sidebar: search, the remembered collapse, where actions go back to. */
import { describe, expect, it } from "vitest";
import { afterDeleteTarget, afterRenameTarget } from "./chat-actions.server";
import { filterChats, titleMatches } from "./chat-search";
import { renameChatSchema } from "./schemas";
import { sidebarCookie, sidebarModeFromCookie } from "./sidebar-preference";

describe("chat search", () => {
  it("matches a case-insensitive substring of the title", () => {
    expect(titleMatches("Trip to Lisbon", "lisb")).toBe(true);
    expect(titleMatches("Trip to Lisbon", "TO LIS")).toBe(true);
    expect(titleMatches("Trip to Lisbon", "porto")).toBe(false);
  });

  it("keeps every chat for an empty or blank search", () => {
    const chats = [{ title: "A" }, { title: "B" }];
    expect(filterChats(chats, "")).toBe(chats);
    expect(filterChats(chats, "   ")).toBe(chats);
    expect(filterChats(chats, null)).toBe(chats);
    expect(filterChats(chats, "b")).toEqual([{ title: "B" }]);
  });
});

describe("the sidebar cookie", () => {
  it("reads collapsed only when the cookie says so", () => {
    expect(sidebarModeFromCookie("a=1; sidebar=collapsed; b=2")).toBe("collapsed");
    expect(sidebarModeFromCookie("sidebar=expanded")).toBe("expanded");
    expect(sidebarModeFromCookie("sidebar=weird")).toBe("expanded");
    expect(sidebarModeFromCookie(null)).toBe("expanded");
    expect(sidebarModeFromCookie("notsidebar=collapsed")).toBe("expanded");
  });

  it("round-trips through the cookie it writes", () => {
    const cookie = sidebarCookie("collapsed");
    expect(cookie).toMatch(/^sidebar=collapsed; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(sidebarModeFromCookie(cookie.split(";")[0])).toBe("collapsed");
    expect(sidebarCookie("expanded", true)).toContain("; Secure");
  });
});

describe("where a chat action returns to", () => {
  const id = "0190a0a0-0000-7000-8000-000000000001";

  it("after deleting the chat on screen, the empty new chat", () => {
    expect(afterDeleteTarget(`/chat/${id}`, id)).toBe("/chat");
    expect(afterDeleteTarget(`/chat/${id}?q=x`, id)).toBe("/chat");
    expect(afterDeleteTarget(`/chat/${id}/rename`, id)).toBe("/chat");
  });

  it("after deleting another chat, back where the user was", () => {
    expect(afterDeleteTarget("/chat/other-chat?q=trip", id)).toBe("/chat/other-chat?q=trip");
    expect(afterDeleteTarget(null, id)).toBe("/chat");
  });

  it("never to another site", () => {
    expect(afterDeleteTarget("//evil.example/chat", id)).toBe("/chat");
    expect(afterRenameTarget("https://evil.example", id)).toBe(`/chat/${id}`);
  });

  it("after renaming, back where the user was, the chat by default, never the rename page", () => {
    expect(afterRenameTarget("/chat?q=a", id)).toBe("/chat?q=a");
    expect(afterRenameTarget(undefined, id)).toBe(`/chat/${id}`);
    expect(afterRenameTarget(`/chat/${id}/rename`, id)).toBe(`/chat/${id}`);
  });
});

describe("the rename form", () => {
  const parse = (title: unknown) => renameChatSchema().safeParse({ title });

  it("trims the title", () => {
    expect(parse("  Hello  ").data?.title).toBe("Hello");
  });

  it("says 'Chat title cannot be empty' for a missing, empty or blank title", () => {
    for (const title of [undefined, "", "   "]) {
      expect(parse(title).error?.issues[0]?.message).toBe("Chat title cannot be empty");
    }
  });

  it("allows 200 characters and no more", () => {
    expect(parse("x".repeat(200)).success).toBe(true);
    expect(parse("x".repeat(201)).error?.issues[0]?.message).toBe(
      "Chat title must be at most 200 characters",
    );
  });
});

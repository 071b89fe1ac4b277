import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Avatar, avatarColour, initialsOf } from "./avatar";

describe("Avatar", () => {
  it("shows the initials of the name on a colour from the seed, drawn locally", () => {
    const html = renderToStaticMarkup(<Avatar name="Ada Lovelace" seed="user-1" />);
    expect(html).toContain(">AL</span>");
    expect(html).toContain('aria-label="Ada Lovelace"');
    expect(html).toContain(`background-color:${avatarColour("user-1")}`);
    // Nothing is fetched: no image, no external URL.
    expect(html).not.toMatch(/<img|https?:/);
  });

  it("gives one seed the same colour every time, and different seeds different colours", () => {
    expect(avatarColour("a-user-id")).toBe(avatarColour("a-user-id"));
    const colours = new Set(Array.from({ length: 20 }, (_, i) => avatarColour(`user-${i}`)));
    expect(colours.size).toBeGreaterThan(15);
  });

  it("takes up to two initials", () => {
    expect(initialsOf("ada")).toBe("A");
    expect(initialsOf("Ada Byron Lovelace")).toBe("AL");
    expect(initialsOf("  ")).toBe("?");
    expect(initialsOf("élodie durand")).toBe("ÉD");
  });
});

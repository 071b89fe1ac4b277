import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Avatar, AVATAR_LIGHTNESS, AVATAR_SATURATION, avatarColour, initialsOf } from "./avatar";

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

/** WCAG relative luminance of an sRGB colour given as 0–1 channels. */
function luminance([r, g, b]: number[]) {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

function hslToRgb(h: number, s: number, l: number) {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

describe("avatar colours", () => {
  it("give white initials at least 4.5:1 contrast on every hue", () => {
    for (let hue = 0; hue < 360; hue++) {
      const background = luminance(hslToRgb(hue, AVATAR_SATURATION / 100, AVATAR_LIGHTNESS / 100));
      expect((1 + 0.05) / (background + 0.05), `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

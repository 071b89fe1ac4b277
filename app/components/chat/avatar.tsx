/**
 * A user's avatar, drawn here rather than fetched (no e-mail leaves the server for it): initials on
 * a colour picked by a hash of the seed (the user id), so one user always gets the same colour.
 * See docs/product.md §10.
 */

/** FNV-1a, 32 bit: small, stable, and spreads similar ids apart. */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Up to two letters: the first of the first and last words ("Ada Lovelace" → "AL", "ada" → "A"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._@-]+/u)
    .filter(Boolean);
  if (words.length === 0) return "?";
  const first = [...words[0]!][0] ?? "";
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? "") : "";
  return (first + last).toUpperCase();
}

/**
 * A hue from the seed; saturation and lightness fixed dark enough that white initials reach the 4.5:1
 * contrast of WCAG AA on every hue (yellows and greens are the lightest; avatar.test.tsx checks all 360).
 */
export const AVATAR_SATURATION = 55;
export const AVATAR_LIGHTNESS = 30;

export function avatarColour(seed: string): string {
  return `hsl(${hashSeed(seed) % 360} ${AVATAR_SATURATION}% ${AVATAR_LIGHTNESS}%)`;
}

const SIZES = { sm: "h-8 w-8 text-xs", md: "h-10 w-10 text-sm", lg: "h-14 w-14 text-lg" } as const;

export function Avatar({
  name,
  seed,
  size = "md",
}: {
  name: string;
  seed: string;
  size?: keyof typeof SIZES;
}) {
  return (
    <span
      role="img"
      aria-label={name}
      data-testid="avatar"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold ${SIZES[size]}`}
      style={{ backgroundColor: avatarColour(seed), color: "#fff" }}
    >
      <span aria-hidden>{initialsOf(name)}</span>
    </span>
  );
}

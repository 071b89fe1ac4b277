/**
 * Search stays fast for a heavy user (docs/product.md §6 'Search'): the full-text search of what was said
 * (titles and messages, ranked, with snippets), timed over 10,000 chats of 4 messages each, against the
 * title-only search it replaced (the chat list read and filtered by title) in the same run, on a throwaway
 * SQLite database of its own. Other users' chats are in the same tables, as in a real database.
 */
import { listChats } from "~/modules/chats/chats.server";
import { searchChats } from "~/modules/chats/search.server";
import type { BenchContext } from "../context";
import { seedUserWithChats, withScratchDatabase } from "../seed-chats";
import { distTable, type ScenarioReport } from "../report";
import { ms, summarize } from "../stats";

export interface SearchSizes {
  /** The searching user's chats. */
  chats: number;
  /** Timed searches per query and way, interleaved. */
  searches: number;
}

const OTHER_USERS = 4;
const WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november".split(
  " ",
);

/** Chat `index`'s four messages: common words everywhere, one word in every 100th chat, one in a single chat. */
function messagesOf(index: number) {
  const word = (offset: number) => WORDS[(index + offset) % WORDS.length];
  const rare = index % 100 === 0 ? " saffron" : "";
  const unique = index === 4_321 ? " zanzibar" : "";
  return [
    `Question ${index}: tell me about ${word(0)} and ${word(1)}${rare}.`,
    `Here is what I know about ${word(0)}: ${"it is a word of the phonetic alphabet, used on radios. ".repeat(6)}${unique}`,
    `And ${word(2)}?`,
    `${word(2)} follows ${word(1)} in the alphabet; ${"the alphabet gives each letter a word. ".repeat(4)}`,
  ];
}

/** Chat `index` of `chats`, the oldest first a second apart. */
const chatAt = (chats: number) => (index: number) => ({
  title: `Chat ${index} about ${WORDS[index % WORDS.length]}`,
  modelId: "llama-3.1-8b-instruct",
  at: new Date(Date.now() - (chats - index) * 1000).toISOString(),
  messages: messagesOf(index),
});

const QUERIES = [
  ["a word in one chat", "zanzibar"],
  ["a word in 1 % of chats", "saffron"],
  ["two words in every 14th chat, the last a prefix", "alpha brav"],
  ["a word in every chat", "alphabet"],
] as const;

export async function searchScenario(context: BenchContext, sizes: SearchSizes): Promise<ScenarioReport> {
  return withScratchDatabase("search", async (db) => {
    context.log(`search: seeding ${sizes.chats} chats × 4 messages, and ${OTHER_USERS} other users' as many`);
    const { user } = await seedUserWithChats(db, "professional", sizes.chats, chatAt(sizes.chats));
    for (let other = 0; other < OTHER_USERS; other += 1)
      await seedUserWithChats(db, "professional", sizes.chats, chatAt(sizes.chats));

    const times = new Map<string, number[]>();
    const found = new Map<string, number>();
    const time = async (label: string, run: () => Promise<unknown[]>, index: number) => {
      const started = performance.now();
      const results = await run();
      // The first five of each are a warm-up: SQLite's pages fill.
      if (index >= 5) times.set(label, [...(times.get(label) ?? []), performance.now() - started]);
      found.set(label, results.length);
    };
    context.log(`search: ${sizes.searches} searches each way per query`);
    for (let index = 0; index < sizes.searches + 5; index += 1) {
      for (const [name, query] of QUERIES) {
        await time(`what was said: ${name} ("${query}")`, () => searchChats(db, user, query), index);
        await time(`titles only (before): ${name} ("${query}")`, () => listChats(db, user, { query }), index);
      }
    }
    const rows = [...times.entries()].map(
      ([label, values]) =>
        [`${label}, ${found.get(label)} found`, summarize(values)] as [string, ReturnType<typeof summarize>],
    );
    const worst = Math.max(
      ...[...times.entries()]
        .filter(([label]) => label.startsWith("what"))
        .map(([, values]) => summarize(values).p50),
    );
    return {
      id: "search",
      title: `Search over ${sizes.chats.toLocaleString("en")} chats × 4 messages: what was said vs titles only`,
      targets: [
        {
          name: "full-text search p50, the slowest query",
          target: "≤ 100 ms",
          measured: `${ms(worst)} ms`,
          met: worst <= 100,
        },
      ],
      tables: [distTable(`one user's search, ${sizes.searches} each, interleaved (ms)`, rows)],
      notes: [
        "Full-text search lists the 30 best chats, each with a snippet and the link to its message; the title-only search it replaced read the whole chat list and filtered the titles in JavaScript (and found only words in titles).",
      ],
    };
  });
}

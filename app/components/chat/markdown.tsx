/**
 * An assistant reply as Markdown: GitHub tables, task lists and strikethrough (remark-gfm), highlighted code
 * blocks with a copy button (rehype-highlight). A reply is untrusted text, so:
 * - raw HTML is never rendered (no rehype-raw): `<img onerror>` or `<script>` in a reply shows as text;
 * - a link or image whose URL is not http(s), mailto or relative (`javascript:`, `data:`, …) shows as text;
 * - images are not loaded (a remote image would tell its host who reads the reply): they become links;
 * - links open in a new tab with rel="noopener noreferrer nofollow".
 * Rendering is a pure function of the text, so a growing reply re-renders in place without flicker, and an
 * unterminated code fence mid-stream is just a code block that is still growing.
 */
import { memo, Suspense, useContext, type ComponentPropsWithoutRef, type ReactNode } from "react";
import ReactMarkdown, { type Components, type ExtraProps, type Options } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import { CopyButton } from "./copy-button";
import { useTranslation } from "react-i18next";
import { MathMarkdownContext } from "./math-context";
import { hasMath } from "./math-delimiters";

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The URL when it is safe to follow, else null. Relative URLs ("/x", "#y", "z?q") are safe. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"): so must we.
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const colon = compact.indexOf(":");
  const boundary = compact.search(/[/?#]/);
  const hasScheme = colon !== -1 && (boundary === -1 || colon < boundary);
  if (!hasScheme) return url;
  try {
    return SAFE_PROTOCOLS.has(new URL(compact).protocol) ? url : null;
  } catch {
    return null;
  }
}

/** The text inside a hast node (for the code block's copy button). */
export interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}
export function textOf(node: HastLike | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

/** A hast element's classes, however its className was given. */
export function classesOf(node: HastLike | undefined): unknown[] {
  const classes = (node as { properties?: { className?: unknown } } | undefined)?.properties?.className;
  return Array.isArray(classes) ? classes : typeof classes === "string" ? classes.split(" ") : [];
}

/** The language a code block (a `pre` around a `code`) names, as its `language-*` class. */
export function languageOf(node: HastLike | undefined): string | null {
  const code = node?.children?.find((child) => child.type === "element");
  const language = classesOf(code).find(
    (c): c is string => typeof c === "string" && c.startsWith("language-"),
  );
  return language ? language.slice("language-".length) : null;
}

export type Props<T extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & ExtraProps;

/** Links out of the page open in a new tab, without the page's referrer or endorsement. */
const EXTERNAL_LINK = { target: "_blank", rel: "noopener noreferrer nofollow" } as const;

export function CodeBlock({ node, children }: Props<"pre">) {
  const { t } = useTranslation("chat");
  const language = languageOf(node as HastLike | undefined);
  return (
    <div className="code-block my-3 overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950">
      {/* The language is drawn by CSS (data-language), so it adds nothing to the reply's text. */}
      <div
        className="flex min-h-8 items-center justify-between border-b border-zinc-800 bg-zinc-900 px-3 py-0.5 text-xs text-zinc-400 before:content-[attr(data-language)]"
        data-language={language ?? "code"}
      >
        <CopyButton
          getText={() => textOf(node as HastLike | undefined).replace(/\n$/, "")}
          label={t("markdown.copyCode")}
        />
      </div>
      {/* A focus stop, so a keyboard can scroll a line wider than the reply. */}
      <pre tabIndex={0} className="overflow-x-auto p-3 text-[13px] leading-relaxed">
        {children}
      </pre>
    </div>
  );
}

function MarkdownLink({ node: _node, href, children, title }: Props<"a">) {
  const url = safeUrl(href);
  if (!url) return <span data-unsafe-link="">{children}</span>;
  const inPage = url.startsWith("#");
  return (
    <a href={url} title={title} {...(inPage ? {} : EXTERNAL_LINK)}>
      {children}
    </a>
  );
}

/** Not loaded: shown as a link to the image, labelled with its alt text. */
function MarkdownImage({ src, alt }: Props<"img">) {
  const { t } = useTranslation("chat");
  const url = typeof src === "string" ? safeUrl(src) : null;
  const label: ReactNode = `🖼 ${alt || t("markdown.image")}`;
  if (!url) return <span>{label}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
      {label}
    </a>
  );
}

function Table({ node: _node, ...props }: Props<"table">) {
  return (
    <div tabIndex={0} className="scroll-cue my-3 overflow-x-auto">
      <table {...props} />
    </div>
  );
}

const components: Components = {
  pre: CodeBlock,
  a: MarkdownLink,
  img: MarkdownImage,
  table: Table,
};

const remarkPlugins: PluginList = [remarkGfm];
/**
 * Only fenced blocks that name a language are highlighted; guessing would colour prose as code. Built once:
 * rehype-highlight registers every common language each time a processor is made, and react-markdown makes
 * one per render: ~1.3 ms of the page's thread for every token of a streaming reply.
 */
const highlightCode = rehypeHighlight({ detect: false });
const rehypePlugins: PluginList = [() => highlightCode];

/** Every URL in the output passes here: an unsafe one becomes "", which the components show as text. */
const urlTransform = (url: string) => safeUrl(url) ?? "";

type PluginList = NonNullable<Options["remarkPlugins"]>;

/** What a kind of reply adds to every reply's Markdown: remark plugins after the common ones, components over them. */
export interface MarkdownExtras {
  remark: PluginList;
  components: Components;
}

/** The reply's Markdown with the plugins and components every reply gets, and `extra` ones. */
export function MarkdownBody({ text, extra }: { text: string; extra?: MarkdownExtras }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={extra ? [...remarkPlugins, ...extra.remark] : remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={extra ? { ...components, ...extra.components } : components}
        urlTransform={urlTransform}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const renderMath = useContext(MathMarkdownContext);
  if (!renderMath || !hasMath(text)) return <MarkdownBody text={text} />;
  return <Suspense fallback={<MarkdownBody text={text} />}>{renderMath(text)}</Suspense>;
});

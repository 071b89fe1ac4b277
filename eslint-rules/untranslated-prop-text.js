/**
 * The words eslint-plugin-i18next's `no-literal-string` cannot see in "jsx-only" mode: its rule stops at every
 * JSX attribute outside its list, with all the JSX inside it (`actions={<Button>Regenerate</Button>}`), and it
 * reads no object outside JSX (`toast({ title: "Error" })`). This rule reads exactly those:
 * - text between the tags of JSX given as the value of an attribute the plugin does not read;
 * - the value of a text attribute (`attributes`) on JSX given that way;
 * - the value of an object's text property (`properties`), wherever the object is;
 * - a template literal whose fixed parts are words, in a text attribute, which the plugin also lets through.
 * A value is read through `cond ? a : b` and `a ?? b`; `words` are the patterns of what is not words, as the
 * plugin's `words.exclude`, matched against the whole trimmed text.
 */

/** @param {import("estree").Node} node */
const attributeName = (node) =>
  node.name.type === "JSXNamespacedName"
    ? `${node.name.namespace.name}:${node.name.name.name}`
    : node.name.name;

/** @param {import("estree").Node} node */
const elementName = (node) => {
  const name = node.openingElement.name;
  return name.type === "JSXIdentifier" ? name.name : null;
};

/** The string-bearing nodes an expression can evaluate to, with their fixed text. */
function* literalTexts(node) {
  if (!node) return;
  if (node.type === "Literal" && typeof node.value === "string") yield { node, text: node.value };
  else if (node.type === "TemplateLiteral") {
    yield { node, text: node.quasis.map((quasi) => quasi.value.cooked ?? "").join(" ") };
    for (const expression of node.expressions) yield* literalTexts(expression);
  } else if (node.type === "JSXExpressionContainer") yield* literalTexts(node.expression);
  else if (node.type === "ConditionalExpression") {
    yield* literalTexts(node.consequent);
    yield* literalTexts(node.alternate);
  } else if (node.type === "LogicalExpression") {
    yield* literalTexts(node.left);
    yield* literalTexts(node.right);
  } else if (node.type === "TSAsExpression" || node.type === "TSSatisfiesExpression")
    yield* literalTexts(node.expression);
}

/** @type {import("eslint").Rule.RuleModule} */
export const untranslatedPropText = {
  meta: {
    type: "problem",
    docs: { description: "Text a reader sees, in JSX passed as a prop or in a text property, is translated" },
    schema: [
      {
        type: "object",
        properties: {
          attributes: { type: "array", items: { type: "string" } },
          properties: { type: "array", items: { type: "string" } },
          words: { type: "array", items: { type: "string" } },
          components: { type: "array", items: { type: "string" } },
        },
        additionalProperties: false,
      },
    ],
    messages: { untranslated: "Text a reader sees comes from app/locales, not a literal: {{text}}" },
  },
  create(context) {
    const { attributes = [], properties = [], words = [], components = [] } = context.options[0] ?? {};
    const notWords = words.map((pattern) => new RegExp(`^(?:${pattern})$`));
    const isWords = (text) => {
      const trimmed = text.trim();
      return trimmed !== "" && !notWords.some((pattern) => pattern.test(trimmed));
    };
    const ancestors = (node) => context.sourceCode.getAncestors(node);
    /** In the value of an attribute the plugin skips, and not inside a component whose text is markup (`Trans`). */
    const inSkippedAttribute = (node) => {
      const above = ancestors(node);
      return (
        above.some((item) => item.type === "JSXAttribute" && !attributes.includes(attributeName(item))) &&
        !above.some((item) => item.type === "JSXElement" && components.includes(elementName(item)))
      );
    };
    const report = (node, text) =>
      context.report({ node, messageId: "untranslated", data: { text: text.trim().slice(0, 60) } });
    const check = (value) => {
      for (const { node, text } of literalTexts(value)) if (isWords(text)) report(node, text);
    };

    return {
      JSXText(node) {
        if (isWords(node.value) && inSkippedAttribute(node)) report(node, node.value);
      },
      JSXAttribute(node) {
        if (!attributes.includes(attributeName(node)) || !node.value) return;
        if (inSkippedAttribute(node)) check(node.value);
        else
          for (const { node: literal, text } of literalTexts(node.value))
            if (literal.type === "TemplateLiteral" && isWords(text)) report(literal, text);
      },
      Property(node) {
        const key = node.key.type === "Identifier" ? node.key.name : node.key.value;
        if (!node.computed && properties.includes(key)) check(node.value);
      },
    };
  },
};

export default { rules: { "untranslated-prop-text": untranslatedPropText } };

/**
 * The developer API's examples, shown on /api and /docs (docs/product.md §12); their prose and the retention
 * statement are texts of the `docs` namespace. The examples are built from the request's origin, so they run
 * as written against the server that showed them, and stay as they are in every language. Their lines are kept
 * under 80 columns besides the origin, so they fit the pages' code boxes on a desktop without scrolling.
 */
export function apiExamples(origin: string) {
  const base = `${origin}/v1`;
  return {
    base,
    curlModels: `curl ${base}/models \\\n  -H "Authorization: Bearer $ROGUE_API_KEY"`,
    curlChat: `curl ${base}/chat/completions \\
  -H "Authorization: Bearer $ROGUE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "model": "dolphin-mixtral-8x22b",
    "messages": [
      {"role": "system", "content": "You are a helpful assistant."},
      {"role": "user", "content": "Write a haiku about the sea."}
    ],
    "temperature": 0.7,
    "max_tokens": 200
  }'`,
    curlStream: `curl -N ${base}/chat/completions \\
  -H "Authorization: Bearer $ROGUE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"model": "dolphin-mixtral-8x22b", "stream": true,
       "stream_options": {"include_usage": true},
       "messages": [{"role": "user", "content": "Count to five."}]}'`,
    curlResume: `# $COMPLETION_ID: the X-Rogue-Completion-Id header of the original answer
# $LAST_EVENT_ID: the last "id:" you received
curl -N ${base}/completions/$COMPLETION_ID/stream \\
  -H "Authorization: Bearer $ROGUE_API_KEY" \\
  -H "Last-Event-ID: $LAST_EVENT_ID"`,
    sdk: `// npm install openai
import OpenAI from "openai";

const client = new OpenAI({
  baseURL: "${base}",
  apiKey: process.env.ROGUE_API_KEY,
});

const reply = await client.chat.completions.create({
  model: "dolphin-mixtral-8x22b",
  messages: [{ role: "user", content: "Write a haiku about the sea." }],
});
console.log(reply.choices[0].message.content);
console.log(JSON.stringify(reply.usage));

const stream = await client.chat.completions.create({
  model: "dolphin-mixtral-8x22b",
  messages: [{ role: "user", content: "Count to five." }],
  stream: true,
});
for await (const chunk of stream) {
  process.stdout.write(chunk.choices[0]?.delta?.content ?? "");
}`,
    python: `# pip install openai
import os
from openai import OpenAI

client = OpenAI(
    base_url="${base}",
    api_key=os.environ["ROGUE_API_KEY"],
)
reply = client.chat.completions.create(
    model="dolphin-mixtral-8x22b",
    messages=[{"role": "user", "content": "Write a haiku about the sea."}],
)
print(reply.choices[0].message.content)`,
  };
}

/** Small response helpers shared by the server and the dialects. */
import type { IncomingMessage, ServerResponse } from "node:http";

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function sendText(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
  });
  response.end(body);
}

export const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  sendText(response, status, JSON.stringify(body));

/** Ends the connection mid-response once what was already written has been flushed. */
export function cutOff(response: ServerResponse) {
  const socket = response.socket;
  if (socket) socket.end(() => socket.destroy());
  else response.destroy();
}

import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** What the server answers next: a reply text (as the assistant's message), an HTTP error, or silence. */
export type ScriptedAnswer = { content: string } | { status: number } | { hang: true };

export interface ChatRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
    response_format?: { type: string };
  };
}

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions), as Ollama, LM
 * Studio and OpenAI do: it records each request and answers what the test scripted.
 */
export async function startChatCompletionsServer() {
  const requests: ChatRequest[] = [];
  let script: ScriptedAnswer[] = [{ content: '{"ingredients": []}' }];
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
  const server = createServer(async (request, response) => {
    const body = await read(request);
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"message":"not found"}}');
      return;
    }
    requests.push({ path: request.url, authorization: request.headers.authorization, body: JSON.parse(body) });
    const next = script.length > 1 ? script.shift()! : script[0];
    if ("hang" in next) return;
    if ("status" in next) {
      response
        .writeHead(next.status, { "Content-Type": "application/json" })
        .end('{"error":{"message":"model not loaded"}}');
      return;
    }
    response.writeHead(200, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-test",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: requests.at(-1)!.body.model,
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: next.content } }],
      })
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    /** The answers to the next requests, in turn; the last one is repeated. */
    answer(...scripted: [ScriptedAnswer, ...ScriptedAnswer[]]) {
      script = scripted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The one client for OpenAI-compatible chat-completions endpoints (OpenAI, Ollama, LM Studio...):
 * POST {baseUrl}/chat/completions asking for a JSON object; servers that refuse `response_format` are asked
 * again without it. Throws on a refusal, a timeout, an oversized answer or (chatJson) one without JSON.
 */
export interface ChatEndpoint {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama) */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** A message's text, or (to vision models) a list of text and image parts. */
export type ChatContent =
  | string
  | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];

export interface ChatMessage {
  role: "system" | "user";
  content: ChatContent;
}

const MAX_ANSWER_BYTES = 1024 * 1024;

/** The text of the first choice: a string, or a list of text parts in some servers. */
function answerText(body: unknown): string | null {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
  return null;
}

/** The JSON value in a reply (an object, or else a list), which models sometimes wrap in a code fence or in words. */
export function jsonInAnswer(text: string): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, "").trim();
  const object = unfenced.slice(unfenced.indexOf("{"), unfenced.lastIndexOf("}") + 1);
  const list = unfenced.slice(unfenced.indexOf("["), unfenced.lastIndexOf("]") + 1);
  for (const candidate of [unfenced, object, list]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  throw new Error(`the answer is not JSON: ${text.slice(0, 200)}`);
}

/** The body as text, refusing one over MAX_ANSWER_BYTES without reading the rest. */
async function limitedText(response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader?.cancel();
      throw new Error(`the answer is over ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function post(endpoint: ChatEndpoint, body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
  return fetch(`${endpoint.baseUrl.replace(/(?<!\/)\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(endpoint.apiKey ? { Authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
}

/** The text of the model's answer to the messages. */
export async function chatAnswer(
  endpoint: ChatEndpoint,
  messages: ChatMessage[],
  { temperature = 0.7 } = {}
): Promise<string> {
  const signal = AbortSignal.timeout(endpoint.timeoutMs);
  const request = { model: endpoint.model, messages, temperature };
  let response = await post(endpoint, { ...request, response_format: { type: "json_object" } }, signal);
  if (response.status === 400 || response.status === 422) {
    await response.body?.cancel();
    response = await post(endpoint, request, signal);
  }
  const text = await limitedText(response);
  if (!response.ok) throw new Error(`the endpoint answered ${response.status}: ${text.slice(0, 200)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`the endpoint did not answer JSON: ${text.slice(0, 200)}`);
  }
  const content = answerText(body);
  if (content === null) throw new Error("the answer has no message content");
  return content;
}

/** The model's answer to the messages, parsed as JSON. */
export async function chatJson(endpoint: ChatEndpoint, messages: ChatMessage[]): Promise<unknown> {
  return jsonInAnswer(await chatAnswer(endpoint, messages));
}

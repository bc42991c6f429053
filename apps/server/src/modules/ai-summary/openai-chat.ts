import { z } from 'zod';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type ChatCompletion = { text: string; totalTokens: number };
export type ChatEndpoint = { baseUrl: string; apiKey: string | null; model: string; maxTokens: number };

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
  usage: z.object({ total_tokens: z.number().int().nonnegative() }).optional(),
});

const REQUEST_TIMEOUT_MS = 30_000;

export class ChatCompletionError extends Error {}

/** One call to an OpenAI-compatible `POST {base}/chat/completions` (OpenAI, vLLM, Ollama, LM Studio, ...). */
export async function createChatCompletion(
  endpoint: ChatEndpoint,
  messages: ChatMessage[],
  maxTokens = endpoint.maxTokens,
): Promise<ChatCompletion> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: endpoint.model, messages, max_tokens: maxTokens, temperature: 0.2 }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new ChatCompletionError(`chat endpoint answered ${response.status}`);
  const parsed = completionSchema.safeParse(await response.json());
  if (!parsed.success) throw new ChatCompletionError('chat endpoint answered in an unknown format');
  const text = parsed.data.choices[0]!.message.content?.trim() ?? '';
  // Endpoints that omit usage are counted by the rough four-characters-a-token rule so quotas still bite.
  const totalTokens = parsed.data.usage?.total_tokens ?? Math.ceil((JSON.stringify(messages).length + text.length) / 4);
  return { text, totalTokens };
}

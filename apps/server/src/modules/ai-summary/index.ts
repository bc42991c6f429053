// The AI summary's public face: a summarizer built from the configured chat endpoint.
export { type AiSummarizer, createAiSummarizer } from './ai-summary.ts';

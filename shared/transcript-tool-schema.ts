// A tool call in a transcript as the transcript viewer shows it: one collapsed row (the tool's
// name and a short summary of its arguments) that opens onto the arguments and what came back.
import { z } from 'zod';

export const TranscriptToolSchema = z.object({
  /** 1-based JSONL line of the assistant record that made the call. */
  line: z.number(),
  name: z.string(),
  /** A one-line summary of the arguments: the first string argument, else the argument names. */
  summary: z.string(),
  /** The arguments as pretty JSON, cut to a few thousand characters. */
  args: z.string(),
  /** The tool's result text (cut the same way), and its JSONL line, when the transcript holds it. */
  result: z.string().nullable(),
  resultLine: z.number().nullable(),
  isError: z.boolean(),
});
export type TranscriptTool = z.output<typeof TranscriptToolSchema>;

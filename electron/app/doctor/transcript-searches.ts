// The agent's own memory_search / memory_get calls, parsed out of its transcripts where the finders
// run: on the doctor's worker for the background pass, so parsing every transcript of a big
// workspace never holds a search on the main thread.
import { extractMemoryCalls, jsonlRecords, SEARCH_TOOLS } from '../../memory/parse/memory-tool-calls.js';
import type { DoctorInput, DoctorSearches } from './doctor-input.js';

/** The input with its transcripts' searches and hits added to the logged ones (counted, dated, in order). */
export function withTranscriptSearches(input: DoctorInput, checkpoint: () => void = () => undefined): DoctorInput {
  if (!input.searches || input.transcripts.length === 0) return input;
  let { count, since } = input.searches;
  const retrievals = [...input.searches.retrievals];
  for (const transcript of input.transcripts) {
    checkpoint();
    for (const call of extractMemoryCalls(jsonlRecords(transcript.jsonl).records)) {
      const at = call.at ?? transcript.mtimeMs;
      if (SEARCH_TOOLS.has(call.tool)) {
        count++;
        since = since === null ? at : Math.min(since, at);
      }
      for (const hit of call.outcome.hits)
        if (hit.startLine !== null && hit.endLine !== null)
          retrievals.push({ at, path: hit.path, startLine: hit.startLine, endLine: hit.endLine });
    }
  }
  const searches: DoctorSearches = { count, since, retrievals };
  return { ...input, searches, transcripts: [] };
}

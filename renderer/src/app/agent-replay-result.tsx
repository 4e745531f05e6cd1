// One result of an Agent-view replay, drawn by the search feature's row (with its breakdown): the
// two features meet here, in app/, as the house rule wants.
import { useState } from 'react';
import type { SearchResult } from '../../../shared/domain';
import { SearchResultRow } from '../features/search/components/search-result-row';
import { useApp } from './app-store-provider';

export function AgentReplayResult({
  result,
  rank,
  onOpen,
  sessionTitles,
}: {
  result: SearchResult;
  rank: number;
  onOpen(result: SearchResult): void;
  sessionTitles: ReadonlyMap<string, string>;
}) {
  const [expanded, setExpanded] = useState(false);
  const pinFile = useApp((s) => s.pinFile);
  return (
    <SearchResultRow
      result={result}
      rank={rank}
      move={undefined}
      expanded={expanded}
      onToggle={() => setExpanded((e) => !e)}
      onOpen={() => onOpen(result)}
      onPin={() => void pinFile(result.path)}
      title={result.source === 'sessions' ? sessionTitles.get(result.path) : undefined}
    />
  );
}

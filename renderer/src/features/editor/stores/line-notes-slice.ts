// Notes for the editor's gutter from outside the editor (app/ fills it from the agent's index).
import type { StateCreator } from 'zustand';
import type { LineNote } from '../components/line-notes-extension';

export interface LineNotesSlice {
  /** `source`: what the notes were made from, so the supplier can tell whether they are current. */
  lineNotes: { path: string; notes: LineNote[]; source?: unknown } | null;
  setLineNotes(value: { path: string; notes: LineNote[]; source?: unknown } | null): void;
}

export function createLineNotesSlice(): StateCreator<LineNotesSlice, [], [], LineNotesSlice> {
  return (set) => ({
    lineNotes: null,
    setLineNotes: (lineNotes) => set({ lineNotes }),
  });
}

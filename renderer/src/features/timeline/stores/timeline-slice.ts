import type { StateCreator } from 'zustand';
import type { MemlensApi } from '../../../../../shared/contract';
import type { TimelineEntry, TimelineEntryType } from '../../../../../shared/domain';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { TIMELINE_TYPES, type TimelineGrouping } from './bucket-timeline';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type TimelinePort = Pick<MemlensApi, 'timeline'>;

export interface TimelineSlice {
  timeline: {
    entries: TimelineEntry[];
    loaded: boolean;
    error: ShownMessage | null;
    grouping: TimelineGrouping;
    types: TimelineEntryType[];
    selectedPath: string | null;
  };
  loadTimeline(): Promise<void>;
  setTimelineGrouping(grouping: TimelineGrouping): void;
  toggleTimelineType(type: TimelineEntryType): void;
  selectTimelineEntry(path: string | null): void;
  /** For benchmarks and tests: show these entries without asking the engine. */
  setTimelineEntries(entries: TimelineEntry[]): void;
}

export const initialTimelineState: TimelineSlice['timeline'] = {
  entries: [],
  loaded: false,
  error: null,
  grouping: 'day',
  types: TIMELINE_TYPES.map((t) => t.type),
  selectedPath: null,
};

export function createTimelineSlice(port: TimelinePort): StateCreator<TimelineSlice, [], [], TimelineSlice> {
  const loads = new Latest();
  return (set) => {
    const patch = slicePatch(set, 'timeline');
    return {
      timeline: initialTimelineState,
      async loadTimeline() {
        const mine = loads.next();
        try {
          const entries = await port.timeline({});
          if (loads.isCurrent(mine)) patch({ entries, loaded: true, error: null });
        } catch (error) {
          if (loads.isCurrent(mine)) patch({ error: shownError(error), loaded: true });
        }
      },
      setTimelineGrouping: (grouping) => patch({ grouping }),
      toggleTimelineType: (type) =>
        set((s) => {
          const on = s.timeline.types.includes(type);
          return {
            timeline: {
              ...s.timeline,
              types: on ? s.timeline.types.filter((t) => t !== type) : [...s.timeline.types, type],
            },
          };
        }),
      selectTimelineEntry: (selectedPath) => patch({ selectedPath }),
      setTimelineEntries: (entries) => {
        loads.supersede();
        patch({ entries, loaded: true, error: null });
      },
    };
  };
}

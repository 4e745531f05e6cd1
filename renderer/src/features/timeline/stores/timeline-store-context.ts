import { createSliceContext } from '../../../lib/slice-store';
import type { TimelineSlice } from './timeline-slice';

export const timelineStore = createSliceContext<TimelineSlice>('timeline');
export const useTimeline = timelineStore.useSlice;

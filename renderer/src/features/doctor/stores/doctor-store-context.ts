import { createSliceContext } from '../../../lib/slice-store';
import type { DoctorSlice } from './doctor-slice';

export const doctorStore = createSliceContext<DoctorSlice>('doctor');
export const useDoctor = doctorStore.useSlice;

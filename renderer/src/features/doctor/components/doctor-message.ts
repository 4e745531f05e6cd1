// A doctor message in the interface's language: the key in the `doctor` namespace and its values,
// values that are messages themselves put in words first ("in 3 searches since …").
import type { TFunction } from 'i18next';
import type { DoctorMessage } from '../../../../../shared/doctor-schemas';

export function messageText(t: TFunction<'doctor'>, message: DoctorMessage): string {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(message.params))
    values[key] = typeof value === 'object' ? messageText(t, value) : value;
  return t(message.id as never, values);
}

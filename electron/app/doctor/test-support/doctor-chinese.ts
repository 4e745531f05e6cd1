// A doctor message in Chinese, as the Doctor view and `memlens doctor --lang zh-CN` word it.
import type { DoctorMessage } from '../../../../shared/doctor-schemas.js';
import { translator } from '../../../../shared/i18n.js';
import { doctorKey } from '../doctor-text.js';

export function chinese(message: DoctorMessage): string {
  const zh = translator('zh-CN');
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(message.params))
    values[key] = typeof value === 'object' ? chinese(value) : value;
  return zh(doctorKey(message.id), values);
}

// What the UI may know about the endpoint's key: whether the host can keep one in the OS keychain,
// and whether one is stored. The key itself never leaves the host that holds it.
import { z } from 'zod';

export const EndpointKeyStatusSchema = z.object({
  /** This host can encrypt with the OS keychain (the desktop app); serve mode and the CLI cannot. */
  available: z.boolean(),
  /** Why not, in words for Settings (e.g. serve mode has no keychain: use an environment variable). */
  unavailableReason: z.string().nullable(),
  /** A key is stored (encrypted, in Memory Lens's data folder). */
  stored: z.boolean(),
});

export type EndpointKeyStatus = z.output<typeof EndpointKeyStatusSchema>;

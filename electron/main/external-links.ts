// Links leave the app only to the user's browser or mail client, and only for https: and mailto:.
// Anything else (http:, file:, javascript:, custom schemes that launch programs) is dropped.
export function isAllowedExternalUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

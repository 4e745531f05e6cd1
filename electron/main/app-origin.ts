// The desktop renderer's one origin. The page is served from app://memlens/ (a privileged custom
// scheme, see app-protocol.ts), never from file:// or http://, so "is this our page?" is a plain
// origin comparison.
export const APP_SCHEME = 'app';
export const APP_HOST = 'memlens';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

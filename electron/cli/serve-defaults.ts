// The port `memlens serve` listens on unless told otherwise; apart from serve's code so help shows it.
export const DEFAULT_SERVE_PORT = 4848;

// How long a session lasts (OWASP ASVS 7.3): an absolute limit from sign-in (REFRESH_TOKEN_TTL_MS in tokens.ts)
// and an idle limit, checked on the server on every request, that depends on 'Keep me logged in'.

/** Without 'Keep me logged in' (and for API clients that do not send remember_me): 12 hours without use. */
export const BROWSER_SESSION_IDLE_SECONDS = 12 * 60 * 60;

/** With 'Keep me logged in': 30 days without use (the absolute limit is 30 days from sign-in too). */
export const PERSISTENT_SESSION_IDLE_SECONDS = 30 * 24 * 60 * 60;

/** A session's last use is written at most this often, so ordinary requests cost no write. */
export const LAST_USE_RESOLUTION_SECONDS = 60;

/**
 * The headers a route may answer with in place of the site's, and only these:
 * the editor at /cms runs under a policy of its own (its script needs eval and
 * inline styles, its sign-in a window.opener). `null` leaves the header out.
 */
export type OwnHeaders = Partial<Record<'Content-Security-Policy' | 'Cross-Origin-Opener-Policy' | 'Referrer-Policy', string | null>>;

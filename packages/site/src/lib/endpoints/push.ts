/** The notification host's live push socket (shell-and-account.md §7 "Websocket push stream"). */
export const pushSocketUrl = (host: string) => new URL('/v1/push', host);

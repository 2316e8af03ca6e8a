/** posts-and-feeds.md §8: messages of the home page's msg query parameter (the server's redirects carry the key). */
export type MsgMessage = { text: string; kind: 'info' | 'error' };

export const MSG_MESSAGES: Record<string, MsgMessage> = {
  'account-confirmation-sent': { text: 'We just sent you a verification email, please open the link to verify your account.', kind: 'info' },
  'account-confirmation-sent-err': { text: 'There was a problem sending the confirmation message.', kind: 'error' },
  // GET /member/verify with a used, unknown or malformed token, or an email another account took meanwhile.
  'verification-link-invalid': { text: 'This verification link is not valid any more. Log in and ask for a new one.', kind: 'error' },
  'verification-email-taken': { text: 'This email is already used by another account.', kind: 'error' },
};

// Texts SPEC.md fixes word for word that only the site shows. The player guards' texts are in
// contract/player-standing.ts, the KYC refusal in contract/wallet.rules.ts, the resend answer in
// contract/accounts.rules.ts: the API answers with them too.
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please reload the page!';
export const UNMATCHED_ROUTE_MESSAGE = 'Page not found';

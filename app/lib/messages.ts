// Texts SPEC.md fixes word for word.
export const DEFAULT_KYC_MESSAGE = 'Your account must be KYC verified!';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please reload the page!';
export const RESEND_DONE_MESSAGE = 'Please check your e-mail.';
export const NOT_ACTIVATED_MESSAGE = 'Your account is not activated.';
export const BLOCKED_MESSAGE = 'Your account is blocked.';
export const UNMATCHED_ROUTE_MESSAGE = 'Page not found';

// The compliance console's fixed vocabularies (decisions 0114, 0115), without zod: the browser imports these.
export const ALERT_STATUSES = ['open', 'closed'] as const;
export const CASE_STATES = ['open', 'investigating', 'escalated', 'closed'] as const;
export const CASE_OUTCOMES = ['no_action', 'player_warned', 'account_restricted', 'report_filed'] as const;
export const INTERVENTION_KINDS = ['message', 'call', 'limit_suggested', 'break'] as const;

import type { PublicSettings } from '../../contract/site.ts';
import { analytics } from './analytics.ts';
import type { CookieChoices } from './cookie-consent.ts';
import type { ScriptHost } from './script-loader.ts';
import { loadSupportChat } from './support-chat.ts';

/**
 * Loads what the visitor's cookie choices allow (docs/decisions/0122): analytics with `analytics`, the support chat
 * with `chat`; nothing before an answer. Returns whether a script that is already on the page is no longer allowed
 * (a loaded script cannot be taken back: the page reloads without it).
 */
export function applyConsent(
  doc: ScriptHost,
  settings: Pick<PublicSettings, 'app_env' | 'analytics_id' | 'support_chat_url'>,
  choices: CookieChoices | null,
  start: { analytics: (doc: ScriptHost) => void } = { analytics: (host) => analytics().start(host, settings) },
): { withdrawn: boolean } {
  if (choices?.analytics) start.analytics(doc);
  if (choices?.chat) loadSupportChat(doc, settings);
  const loaded = (name: string) => Boolean(doc.querySelector(`script[data-third-party="${name}"]`));
  return { withdrawn: (!choices?.analytics && loaded('analytics')) || (!choices?.chat && loaded('support-chat')) };
}

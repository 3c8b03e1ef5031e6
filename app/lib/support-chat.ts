import type { PublicSettings } from '../../contract/site.ts';
import { loadScriptOnce, type ScriptHost } from './script-loader.ts';

/** Loads the operator's support-chat widget from its configured script URL; nothing without one. */
export function loadSupportChat(doc: ScriptHost, settings: Pick<PublicSettings, 'support_chat_url'>): boolean {
  return settings.support_chat_url ? loadScriptOnce(doc, settings.support_chat_url, 'support-chat') : false;
}

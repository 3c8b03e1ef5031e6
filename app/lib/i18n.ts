import i18next from 'i18next';
import { enUS } from '../locales/en-US.ts';

export const LOCALE = 'en-US';

// One instance, initialised synchronously with the bundled catalogue: no loading step, the same
// strings on the server and in the browser.
const i18n = i18next.createInstance();
void i18n.init({ lng: LOCALE, fallbackLng: LOCALE, resources: { [LOCALE]: { translation: enUS } }, initAsync: false, interpolation: { escapeValue: false } });

export const t = i18n.t.bind(i18n);

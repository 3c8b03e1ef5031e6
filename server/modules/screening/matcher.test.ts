import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEuList } from './eu-list.ts';
import { parseFtmPeps } from './ftm-list.ts';
import { combineLists, type ListedEntry } from './list.ts';
import { birthdateMatch, createMatcher, type Matcher, NAME_THRESHOLD, similarity } from './matcher.ts';
import { nameTokens, normaliseName } from './normalise.ts';

const SAMPLE = new URL('./sample/eu-sanctions-sample.xml', import.meta.url);
const PEP_SAMPLE = new URL('./sample/pep-sample.ftm.json', import.meta.url);
const list = parseEuList(readFileSync(SAMPLE, 'utf8'));
const matcher = createMatcher(list.entries);
const referencesOf = (name: string, birthdate: string | null = null) => matcher.screen({ name, birthdate }).map((hit) => hit.entry.reference);

/** The false-positive rate the matcher is held to over generated, unlisted names (decision 0116). */
const STATED_FALSE_POSITIVE_BOUND = 0.001;

describe('the EU list adapter', () => {
  it('reads every entity of the sample: ids, references, aliases from wholeName or name parts, full and year-only birthdates', () => {
    expect(list.source).toBe('EU consolidated financial sanctions list');
    expect(list.generatedAt).toBe('2026-11-01T09:00:00.000+01:00');
    expect(list.entries).toHaveLength(8);
    const kravets = list.entries.find((entry) => entry.id === '900101')!;
    expect(kravets).toMatchObject({ reference: 'EU.9001.01', subjectType: 'person', birthdates: ['1961-03-14'] });
    expect(kravets.names).toEqual(['Borislav Ignatovich Kravets', 'Борислав Кравец']);
    expect(list.entries.find((entry) => entry.id === '900301')!.names).toEqual(['Osvaldo Quintanilla Reyes', 'El Relojero']);
    expect(list.entries.find((entry) => entry.id === '900201')!.birthdates).toEqual(['1970']);
    expect(list.entries.find((entry) => entry.id === '900501')!.subjectType).toBe('enterprise');
  });

  it('refuses a file that is not the EU format', () => {
    expect(() => parseEuList('<sdnList><sdnEntry/></sdnList>')).toThrow(/not an EU financial sanctions list/);
  });
});

describe('the matcher on the sample list', () => {
  it('finds exact names, whatever the case and the order of the words', () => {
    expect(referencesOf('Borislav Ignatovich Kravets', '1961-03-14')).toEqual(['EU.9001.01']);
    expect(referencesOf('KRAVETS Borislav Ignatovich')).toEqual(['EU.9001.01']);
    expect(referencesOf('Hendrik van der Molenaar', '1955-11-02')).toEqual(['EU.9004.04']);
    expect(matcher.screen({ name: 'Spyros Karagiannis', birthdate: '1968-05-30' })[0]).toMatchObject({ score: 1, birthdate: 'match' });
  });

  it('finds transliterated names: Cyrillic and Greek spellings, diacritics, hyphens, run-together particles', () => {
    expect(referencesOf('Борислав Игнатович Кравец')).toEqual(['EU.9001.01']);
    expect(referencesOf('Elena Zhurbenko', '1982-07-21')).toEqual(['EU.9006.06']);
    expect(referencesOf('Yelena Zhurbenko')).toEqual(['EU.9006.06']);
    expect(referencesOf('Σπύρος Καραγιάννης')).toEqual(['EU.9008.08']);
    expect(referencesOf('Marguerite Delacroix Fontaine', '1970-02-02')).toEqual(['EU.9002.02']);
    expect(referencesOf('Margarete Delacroix-Fontaine')).toEqual(['EU.9002.02']);
    expect(referencesOf('Hendrik Vandermolenaar')).toEqual(['EU.9004.04']);
    expect(referencesOf('Tariq Abdel Rahman Souleymane', '1976-01-01')).toEqual(['EU.9007.07']);
  });

  it('finds near misses: one letter wrong, a middle name or patronymic left out', () => {
    expect(referencesOf('Borislav Kravetz')).toEqual(['EU.9001.01']);
    expect(referencesOf('Osvaldo Quintanila Reyes')).toEqual(['EU.9003.03']);
    expect(referencesOf('Hendrick van der Molenar')).toEqual(['EU.9004.04']);
    expect(referencesOf('Spiros Karayiannis')).toEqual(['EU.9008.08']);
    expect(matcher.screen({ name: 'Osvaldo Quintanila Reyes', birthdate: null })[0]!.score).toBeLessThan(1);
  });

  it('does not match different people with a similar name, a contradicting birthdate or an organisation', () => {
    expect(referencesOf('Boris Kravchenko')).toEqual([]);
    expect(referencesOf('Hendrik Molen')).toEqual([]);
    expect(referencesOf('Borislav Kravets', '1990-01-01')).toEqual([]);
    expect(referencesOf('Margarete Delacroix-Fontaine', '1985-06-06')).toEqual([]);
    expect(referencesOf('Northwind Maritime Holdings Ltd')).toEqual([]);
    expect(referencesOf('Osvaldo')).toEqual([]);
  });

  it(`keeps false positives below ${STATED_FALSE_POSITIVE_BOUND * 100}% over 20,000 generated names not on the list`, () => {
    const rate = falsePositiveRate(matcher, list.entries, 'EU sample');
    expect(rate).toBeLessThan(STATED_FALSE_POSITIVE_BOUND);
  });

  it(`keeps false positives below ${STATED_FALSE_POSITIVE_BOUND * 100}% over 20,000 generated names on the EU and PEP samples combined`, async () => {
    const peps = parseFtmPeps(readFileSync(PEP_SAMPLE, 'utf8'));
    const combined = await combineLists([{ load: async () => list }, { load: async () => peps }]).load();
    // The PEP sample's first names join the generator's, as the EU sample's already are, so its people are tried too.
    const pepFirstNames = peps.entries.map((entry) => entry.names[0]!.split(' ')[0]!);
    const rate = falsePositiveRate(createMatcher(combined.entries), combined.entries, 'EU + PEP samples', pepFirstNames);
    expect(rate).toBeLessThan(STATED_FALSE_POSITIVE_BOUND);
  });
});

/** Screens 20,000 generated names not on the list (seeded: the same names every run) with random birthdates; prints and returns the share matched. */
function falsePositiveRate(matcher: Matcher, entries: ListedEntry[], lists: string, moreFirstNames: string[] = []): number {
  const random = seeded(33);
  const syllables = [
    'an',
    'bel',
    'cor',
    'da',
    'el',
    'fin',
    'gar',
    'ha',
    'is',
    'jo',
    'ka',
    'lo',
    'mar',
    'ne',
    'ol',
    'per',
    'qui',
    'ra',
    'so',
    'tan',
    'u',
    'vi',
    'wen',
    'xa',
    'yo',
    'zu',
    'kra',
    'vets',
    'rey',
    'mo',
    'len',
  ];
  const firstNames = [
    'Anna',
    'Boris',
    'Carlos',
    'Elena',
    'Hendrik',
    'Ivan',
    'Margaret',
    'Maria',
    'Osvaldo',
    'Peter',
    'Sofia',
    'Spyros',
    'Tariq',
    'Yelena',
    'Olga',
    'Jan',
    ...moreFirstNames,
  ];
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const word = () => {
    const text = Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(syllables)).join('');
    return text[0]!.toUpperCase() + text.slice(1);
  };
  const listed = new Set(entries.flatMap((entry) => entry.names.map(normaliseName)));
  let names = 0;
  let hits = 0;
  while (names < 20_000) {
    const name = `${pick(firstNames)} ${random() < 0.3 ? `${word()} ` : ''}${word()}`;
    if (listed.has(normaliseName(name))) continue;
    const birthdate = `19${50 + Math.floor(random() * 50)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
    names += 1;
    if (matcher.screen({ name, birthdate }).length > 0) hits += 1;
  }
  const rate = hits / names;
  console.info(`screening false-positive rate (${lists}): ${hits} of ${names} generated names (${(rate * 100).toFixed(3)}%), threshold ${NAME_THRESHOLD}`);
  return rate;
}

describe('birthdates', () => {
  it('a full date must be equal; a year-only date matches a year either side; no listed date never rules out', () => {
    expect(birthdateMatch(['1961-03-14'], '1961-03-14')).toBe('match');
    expect(birthdateMatch(['1961-03-14'], '1961-03-15')).toBeNull();
    expect(birthdateMatch(['1975'], '1976-12-31')).toBe('match');
    expect(birthdateMatch(['1975'], '1977-01-01')).toBeNull();
    expect(birthdateMatch([], '1977-01-01')).toBe('not-listed');
  });
});

describe('normalisation (properties)', () => {
  const name = fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));

  it('is idempotent and yields only lower-case ASCII words', () => {
    fc.assert(
      fc.property(name, (text) => {
        const once = normaliseName(text);
        expect(normaliseName(once)).toBe(once);
        expect(once).toMatch(/^([a-z0-9]+( [a-z0-9]+)*)?$/);
      }),
    );
  });

  it('does not depend on word order, case, hyphens or diacritics', () => {
    const word = fc.stringMatching(/^[a-z]{1,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.integer(), (words, seed) => {
        const shuffled = [...words].sort(() => (seed % 2 === 0 ? 1 : -1));
        const accented = shuffled.map((w) => w.replace(/e/g, 'é').replace(/a/g, 'Ä').replace(/o/g, 'ô'));
        expect(normaliseName(accented.join('-').toUpperCase())).toBe(normaliseName(words.join(' ')));
      }),
    );
  });

  it('a name always matches itself exactly, and similarity stays between 0 and 1', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const score = similarity(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        if (a.length > 0) expect(similarity(a, a)).toBe(1);
      }),
    );
  });

  it('transliterates Cyrillic the way the list spells it', () => {
    expect(nameTokens('Журбенко Елена')).toEqual(['zhurbenko', 'elena']);
    expect(nameTokens("O'Brien-Smith")).toEqual(['obrien', 'smith']);
    expect(nameTokens('Straße Øster')).toEqual(['strasse', 'oster']);
  });
});

/** A small seeded generator (mulberry32): the generated names are the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

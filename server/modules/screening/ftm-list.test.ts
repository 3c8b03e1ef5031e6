import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig, SAMPLE_PEP_LIST } from '../../config.ts';
import { euListFile } from './eu-list.ts';
import { FTM_PEP_SOURCE, ftmPepListFile, parseFtmPeps } from './ftm-list.ts';
import { combineLists } from './list.ts';
import { createMatcher } from './matcher.ts';

// The PEP adapter (docs/decisions/0116): OpenSanctions' FollowTheMoney entities, one JSON object per line, of which
// people with the topic role.pep or role.rca are kept.
const SAMPLE = fileURLToPath(new URL('./sample/pep-sample.ftm.json', import.meta.url));
const EU_SAMPLE = fileURLToPath(new URL('./sample/eu-sanctions-sample.xml', import.meta.url));
const list = parseFtmPeps(readFileSync(SAMPLE, 'utf8'));
const entry = (id: string) => list.entries.find((one) => one.id === id);

describe('the FtM PEP adapter on the sample', () => {
  it('keeps the PEP and RCA people only: names with aliases, full and year-only birthdates, the entity id as reference', () => {
    expect(list.source).toBe('PEP list (OpenSanctions FollowTheMoney)');
    expect(list.category).toBe('pep');
    expect(list.entries.map((one) => one.id)).toEqual([
      'synth-pep-0001',
      'synth-pep-0002',
      'synth-pep-0003',
      'synth-pep-0004',
      'synth-pep-0005',
      'synth-pep-0006',
    ]);
    expect(entry('synth-pep-0001')).toEqual({
      id: 'synth-pep-0001',
      reference: 'synth-pep-0001',
      subjectType: 'person',
      names: ['Valentina Orsolya Hadrava', 'Valentina Hadrava'],
      birthdates: ['1964-09-17'],
      category: 'pep',
    });
    expect(entry('synth-pep-0002')!.names).toEqual(['Ostromir Gavrilovich Belozertsev', 'Остромир Белозерцев', 'Ostromir Belozertsev']);
    expect(entry('synth-pep-0003')!.birthdates).toEqual(['1958']);
    // A relative (role.rca) born in a known month: the year is kept.
    expect(entry('synth-pep-0004')).toMatchObject({ names: ['Ines Marguerite Hadrava-Lind'], birthdates: ['1991'] });
    // An alias repeating the name is listed once; a date that is not one is dropped.
    expect(entry('synth-pep-0005')).toMatchObject({ names: ['Baltasar Quenneville Orduña', 'Baltasar Quenneville Orduna'], birthdates: ['1971-12-02'] });
    expect(entry('synth-pep-0006')!.birthdates).toEqual([]);
  });

  it('leaves out a person who is not a PEP, a company and the relationship entities', () => {
    expect(entry('synth-crime-0001')).toBeUndefined();
    expect(entry('synth-co-0001')).toBeUndefined();
    expect(entry('synth-fam-0001')).toBeUndefined();
    expect(list.entries.flatMap((one) => one.names)).not.toContain('Veskarian Harbour Logistics Holdings');
  });

  it('dates the list by its latest last_change, or not at all', () => {
    expect(list.generatedAt).toBe('2026-11-12T06:30:41');
    expect(parseFtmPeps('{"id":"x","schema":"Person","properties":{"name":["Someone Invented"],"topics":["role.pep"]}}\n').generatedAt).toBeNull();
  });

  it('reads the same from the file, line by line', async () => {
    expect(await ftmPepListFile(SAMPLE).load()).toEqual(list);
  });

  it('refuses a line that is not JSON or not an object, naming the line', () => {
    const good = '{"id":"x","schema":"Person","properties":{"name":["Someone Invented"],"topics":["role.pep"]}}';
    expect(() => parseFtmPeps(`${good}\n\n{"id": "broken"\n`)).toThrow('PEP list line 3 is not JSON');
    expect(() => parseFtmPeps(`${good}\r\n[1, 2]\r\n`)).toThrow('PEP list line 2 is not a JSON object');
    expect(() => parseFtmPeps('null')).toThrow('PEP list line 1 is not a JSON object');
  });
});

describe('the matcher on the PEP sample', () => {
  const matcher = createMatcher(list.entries);
  const idsOf = (name: string, birthdate: string | null = null) => matcher.screen({ name, birthdate }).map((hit) => hit.entry.id);

  it('finds PEPs and relatives by name, alias, Cyrillic spelling and a year-only birthdate; not with a contradicting birthdate', () => {
    expect(idsOf('Valentina Hadrava', '1964-09-17')).toEqual(['synth-pep-0001']);
    expect(idsOf('Остромир Белозерцев', '1959-04-23')).toEqual(['synth-pep-0002']);
    expect(idsOf('Ostromir Belozertsev')).toEqual(['synth-pep-0002']);
    expect(idsOf('Aurelio Vettorello', '1957-02-02')).toEqual(['synth-pep-0003']);
    expect(idsOf('Ines Hadrava-Lind', '1991-06-30')).toEqual(['synth-pep-0004']);
    expect(idsOf('Baltasar Quenneville Orduna', '1971-12-02')).toEqual(['synth-pep-0005']);
    expect(idsOf('Valentina Hadrava', '1990-01-01')).toEqual([]);
    expect(idsOf('Jorrit Fennimore Stallbrass')).toEqual([]);
  });
});

describe('the FtM PEP adapter (properties)', () => {
  const name = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((text) => text.trim() === text && text.length > 0);
  const fullDate = fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2010-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
  const year = fc.integer({ min: 1900, max: 2010 }).map(String);
  const person = fc.record({
    names: fc.uniqueArray(name, { minLength: 1, maxLength: 5 }),
    split: fc.nat(),
    repeatName: fc.boolean(),
    birthdates: fc.array(
      fc.oneof(
        fullDate,
        year,
        fullDate.map((date) => date.slice(0, 7)),
      ),
      { maxLength: 3 },
    ),
    topics: fc.subarray(['role.pep', 'role.rca'], { minLength: 1 }),
    otherTopics: fc.subarray(['crime', 'gov.national', 'poi']),
  });

  it('any PEP or RCA person written as FtM reads back with the same names and birthdates', () => {
    fc.assert(
      fc.property(fc.array(person, { minLength: 1, maxLength: 6 }), (people) => {
        const lines = people.map((one, index) => {
          const at = 1 + (one.split % one.names.length);
          const alias = [...one.names.slice(at), ...(one.repeatName ? [one.names[0]!] : [])];
          return JSON.stringify({
            id: `gen-${index}`,
            schema: 'Person',
            caption: one.names[0],
            properties: { name: one.names.slice(0, at), alias, birthDate: one.birthdates, topics: [...one.otherTopics, ...one.topics] },
            datasets: ['generated'],
            last_change: '2026-01-01T00:00:00',
          });
        });
        const parsed = parseFtmPeps(lines.join('\n'));
        expect(parsed.entries.map((one) => one.id)).toEqual(people.map((_, index) => `gen-${index}`));
        parsed.entries.forEach((one, index) => {
          const generated = people[index]!;
          expect(one.names).toEqual(generated.names);
          expect(one.birthdates).toEqual([...new Set(generated.birthdates.map((date) => (date.length === 7 ? date.slice(0, 4) : date)))]);
          expect(one).toMatchObject({ reference: one.id, subjectType: 'person', category: 'pep' });
        });
      }),
    );
  });
});

describe('the EU and PEP lists combined', () => {
  it('screens both as one: sources joined, the latest date, each entry tagged with its list, people counted per list', async () => {
    const combined = await combineLists([euListFile(EU_SAMPLE), ftmPepListFile(SAMPLE)]).load();
    expect(combined.source).toBe(`EU consolidated financial sanctions list + ${FTM_PEP_SOURCE}`);
    expect(combined.generatedAt).toBe('2026-11-12T06:30:41');
    expect(combined.entries).toHaveLength(8 + 6);
    expect(combined.entries.find((one) => one.id === '900101')).toMatchObject({ category: 'sanctions', source: 'EU consolidated financial sanctions list' });
    expect(combined.entries.find((one) => one.id === 'synth-pep-0001')).toMatchObject({ category: 'pep', source: FTM_PEP_SOURCE });
    // The EU sample's organisation is not a listed person, as the matcher counts.
    expect(combined.lists).toEqual([
      { source: 'EU consolidated financial sanctions list', category: 'sanctions', generatedAt: '2026-11-01T09:00:00.000+01:00', entries: 7 },
      { source: FTM_PEP_SOURCE, category: 'pep', generatedAt: '2026-11-12T06:30:41', entries: 6 },
    ]);
  });

  it('fails as a whole when one list cannot be read (the service keeps the last good lists)', async () => {
    await expect(combineLists([euListFile(EU_SAMPLE), ftmPepListFile(`${SAMPLE}.missing`)]).load()).rejects.toThrow(/ENOENT/);
  });
});

describe('PEP_LIST_PATH', () => {
  it('screens against the PEP sample outside production, nothing in production unless a file is named, nothing with none', () => {
    expect(SAMPLE_PEP_LIST).toBe(SAMPLE);
    expect(loadConfig({}).screening.pepListPath).toBe(SAMPLE_PEP_LIST);
    expect(loadConfig({ APP_ENV: 'staging' }).screening.pepListPath).toBe(SAMPLE_PEP_LIST);
    expect(loadConfig({ APP_ENV: 'production' }).screening.pepListPath).toBeNull();
    expect(loadConfig({ APP_ENV: 'production', PEP_LIST_PATH: 'lists/peps.ftm.json' }).screening.pepListPath).toBe(path.resolve('lists/peps.ftm.json'));
    expect(loadConfig({ PEP_LIST_PATH: 'none' }).screening.pepListPath).toBeNull();
    expect(loadConfig({ SCREENING_LIST_PATH: 'none' }).screening).toEqual({ listPath: null, pepListPath: SAMPLE_PEP_LIST });
  });
});

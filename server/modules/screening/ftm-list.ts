import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ListedEntry, ScreeningList, ScreeningListSnapshot } from './list.ts';

// Politically exposed persons from OpenSanctions' published FollowTheMoney export (`entities.ftm.json`): one JSON
// entity per line, `{ id, schema, caption, properties: { name, alias, birthDate, topics, … }, last_change, … }`,
// every property a list of strings. OpenSanctions marks PEPs with the topic `role.pep` and their relatives and close
// associates with `role.rca`; everything else in the file (companies, sanctions, other people) is left out here.

export const FTM_PEP_SOURCE = 'PEP list (OpenSanctions FollowTheMoney)';
const PEP_TOPICS: ReadonlySet<string> = new Set(['role.pep', 'role.rca']);

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((item): item is string => typeof item === 'string')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];

/** An FtM date as the matcher takes it: a full date or a year; a year and month keeps its year (a year either side matches). */
function birthdateOf(date: string): string | null {
  if (/^\d{4}(-\d{2}-\d{2})?$/.test(date)) return date;
  return /^\d{4}-\d{2}$/.test(date) ? date.slice(0, 4) : null;
}

/** Reads the file line by line (the real export runs to gigabytes), keeping only PEP and RCA people. */
function pepCollector() {
  const entries: ListedEntry[] = [];
  let generatedAt: string | null = null;
  return {
    line(text: string, number: number): void {
      if (text.trim() === '') return;
      let entity: unknown;
      try {
        entity = JSON.parse(number === 1 ? text.replace(/^\uFEFF/, '') : text);
      } catch {
        throw new Error(`PEP list line ${number} is not JSON`);
      }
      if (typeof entity !== 'object' || entity === null || Array.isArray(entity)) throw new Error(`PEP list line ${number} is not a JSON object`);
      const { id, schema, properties, last_change: lastChange } = entity as Record<string, unknown>;
      // ISO timestamps in one format compare as strings.
      if (typeof lastChange === 'string' && (generatedAt === null || lastChange > generatedAt)) generatedAt = lastChange;
      if (schema !== 'Person' || typeof id !== 'string' || id.trim() === '' || typeof properties !== 'object' || properties === null) return;
      const props = properties as Record<string, unknown>;
      if (!strings(props.topics).some((topic) => PEP_TOPICS.has(topic))) return;
      const names = [...new Set([...strings(props.name), ...strings(props.alias)])];
      if (names.length === 0) return;
      const birthdates = [
        ...new Set(
          strings(props.birthDate)
            .map(birthdateOf)
            .filter((date): date is string => date !== null),
        ),
      ];
      entries.push({ id, reference: id, subjectType: 'person', names, birthdates, category: 'pep' });
    },
    snapshot: (): ScreeningListSnapshot => ({ source: FTM_PEP_SOURCE, category: 'pep', generatedAt, entries }),
  };
}

/** The PEP and RCA people of an FtM entities JSON-lines text; throws naming the first line that is not a JSON object. */
export function parseFtmPeps(text: string): ScreeningListSnapshot {
  const collector = pepCollector();
  text.split(/\r?\n/).forEach((line, index) => collector.line(line, index + 1));
  return collector.snapshot();
}

/** The PEP adapter: OpenSanctions' FtM export read from a file, again at each load (an operator replaces the file to update). */
export function ftmPepListFile(path: string): ScreeningList {
  return {
    async load() {
      const collector = pepCollector();
      const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
      let number = 0;
      try {
        for await (const line of lines) collector.line(line, ++number);
      } finally {
        lines.close();
      }
      return collector.snapshot();
    },
  };
}

import { readFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import type { ListedEntry, ScreeningList, ScreeningListSnapshot } from './list.ts';

// The EU consolidated financial-sanctions list in its published XML format ("xmlFullSanctionsList_1_1", namespace
// http://eu.europa.ec/fpi/fsd/export): `export` holds one `sanctionEntity` per listed subject, each with its
// `subjectType`, its `nameAlias` elements (wholeName, or firstName/middleName/lastName) and its `birthdate` elements
// (a full `birthdate` attribute, or only `year`). Everything the matcher needs is in attributes.

export const EU_LIST_SOURCE = 'EU consolidated financial sanctions list';

type Attributes = Record<string, string | undefined>;
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  // A list of one entity is still a list (the `birthdate` element, not its `birthdate` attribute).
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['sanctionEntity', 'nameAlias', 'birthdate'].includes(name),
  processEntities: true,
});

function nameOf(alias: Attributes): string | null {
  const whole = alias.wholeName?.trim();
  if (whole) return whole;
  const parts = [alias.firstName, alias.middleName, alias.lastName].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

function birthdateOf(element: Attributes): string | null {
  const full = element.birthdate?.trim();
  if (full && /^\d{4}-\d{2}-\d{2}$/.test(full)) return full;
  const year = element.year?.trim();
  return year && /^\d{4}$/.test(year) ? year : null;
}

/** The entries of an EU FSF XML document; throws when the text is not that format. */
export function parseEuList(xml: string): ScreeningListSnapshot {
  const document = parser.parse(xml) as { export?: Attributes & { sanctionEntity?: unknown } };
  const root = document.export;
  if (!root || typeof root !== 'object') throw new Error('not an EU financial sanctions list: no <export> element');
  const entries: ListedEntry[] = [];
  for (const entity of asArray(root.sanctionEntity as (Attributes & Record<string, unknown>)[] | undefined)) {
    const id = entity.logicalId?.trim();
    if (!id) continue;
    const names = [
      ...new Set(
        asArray(entity.nameAlias as Attributes[] | undefined)
          .map(nameOf)
          .filter((name): name is string => name !== null),
      ),
    ];
    if (names.length === 0) continue;
    const birthdates = [
      ...new Set(
        asArray(entity.birthdate as Attributes[] | undefined)
          .map(birthdateOf)
          .filter((date): date is string => date !== null),
      ),
    ];
    const subjectType = (entity.subjectType as Attributes | undefined)?.code ?? 'person';
    entries.push({ id, reference: entity.euReferenceNumber?.trim() || id, subjectType, names, birthdates });
  }
  return { source: EU_LIST_SOURCE, generatedAt: root.generationDate ?? null, entries };
}

/** The default adapter: the EU list read from a file, again at each load (an operator replaces the file to update). */
export function euListFile(path: string): ScreeningList {
  return { load: async () => parseEuList(await readFile(path, 'utf8')) };
}

// The screening port (docs/decisions/0116-sanctions-screening.md): where listed people come from. One adapter reads
// the EU's consolidated financial-sanctions list (the FSF XML export), another OpenSanctions' PEP entities (FtM JSON
// lines); `combineLists` screens against several at once. Another list (OFAC's SDN) is another adapter returning the
// same entries.

/** Sanctions: a listed person may not be paid. PEP: a politically exposed person, who calls for enhanced due diligence. */
export type ListCategory = 'sanctions' | 'pep';

/** One listed person or organisation: every name it is known by, and its birthdates as the list gives them. */
export type ListedEntry = {
  /** The list's own stable id for the entry (the EU's `logicalId`). */
  id: string;
  /** The list's reference shown to staff (the EU's `euReferenceNumber`), or the id. */
  reference: string;
  /** `person` or `enterprise` as the list classifies it. */
  subjectType: string;
  names: string[];
  /** `YYYY-MM-DD`, or `YYYY` where the list knows only the year. */
  birthdates: string[];
  /** What kind of list names the entry; absent: sanctions. */
  category?: ListCategory;
  /** The list the entry came from, when several are screened at once (`combineLists`). */
  source?: string;
};

/** One list's part of a combined snapshot, for staff. */
export type ListSummary = { source: string; category: ListCategory; generatedAt: string | null; entries: number };

export type ScreeningListSnapshot = {
  /** Which list, for staff and the records: e.g. `EU consolidated financial sanctions list`. */
  source: string;
  /** When the list's publisher generated this file (its own date), or null if it does not say. */
  generatedAt: string | null;
  /** What kind of list this is; absent: sanctions. */
  category?: ListCategory;
  entries: ListedEntry[];
  /** The lists a combined snapshot was made of (`combineLists`). */
  lists?: ListSummary[];
};

/** The port: the list as it stands now. Called at start and before each daily re-screen (the file may be replaced). */
export type ScreeningList = { load(): Promise<ScreeningListSnapshot> };

/** Listed people: what the matcher screens players against (organisations are not screened). */
export const peopleListed = (entries: ListedEntry[]) => entries.filter((entry) => entry.subjectType === 'person').length;

/**
 * Several lists screened as one: each loaded (in parallel) and every entry tagged with its list's source and category,
 * so a hit names the list it came from. A list that cannot be read fails the whole load, and the service keeps the
 * last good snapshot rather than screening against part of the lists.
 */
export function combineLists(lists: ScreeningList[]): ScreeningList {
  return {
    async load() {
      const snapshots = await Promise.all(lists.map((list) => list.load()));
      const dates = snapshots.map((snapshot) => snapshot.generatedAt).filter((date): date is string => date !== null);
      return {
        source: snapshots.map((snapshot) => snapshot.source).join(' + '),
        generatedAt: dates.reduce<string | null>((latest, date) => (latest === null || Date.parse(date) > Date.parse(latest) ? date : latest), null),
        entries: snapshots.flatMap((snapshot) =>
          snapshot.entries.map((entry) => ({
            ...entry,
            category: entry.category ?? snapshot.category ?? 'sanctions',
            source: entry.source ?? snapshot.source,
          })),
        ),
        lists: snapshots.map((snapshot) => ({
          source: snapshot.source,
          category: snapshot.category ?? 'sanctions',
          generatedAt: snapshot.generatedAt,
          entries: peopleListed(snapshot.entries),
        })),
      };
    },
  };
}

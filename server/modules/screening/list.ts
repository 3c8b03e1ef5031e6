// The screening port (docs/decisions/0116-sanctions-screening.md): where listed people come from. The default
// adapter reads the EU's consolidated financial-sanctions list (the FSF XML export) from a file; another list (OFAC's
// SDN, a PEP data vendor) is another adapter returning the same entries.

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
};

export type ScreeningListSnapshot = {
  /** Which list, for staff and the records: e.g. `EU consolidated financial sanctions list`. */
  source: string;
  /** When the list's publisher generated this file (its own date), or null if it does not say. */
  generatedAt: string | null;
  entries: ListedEntry[];
};

/** The port: the list as it stands now. Called at start and before each daily re-screen (the file may be replaced). */
export type ScreeningList = { load(): Promise<ScreeningListSnapshot> };

import { distance } from 'fastest-levenshtein';
import type { ListedEntry } from './list.ts';
import { nameTokens } from './normalise.ts';

// The screening matcher (docs/decisions/0116-sanctions-screening.md): a player's name against every name of every
// listed person, after normalisation, by Levenshtein similarity (fastest-levenshtein). Three comparisons, the best
// counts: the words sorted (token order), the words run together in the order written ("Vandermolenaar" against
// "van der Molenaar"), and the shorter name's words each against their closest word in the longer one (a player who
// leaves out a middle name or patronymic). A listed birthdate that contradicts the player's rules the entry out.

/** Similarity at or above which a name is a hit: measured on the sample list and generated names (matcher tests). */
export const NAME_THRESHOLD = 0.85;
/** In the word-by-word comparison, every word must be at least this close to its counterpart. */
const WORD_FLOOR = 0.8;
/** Year-only birthdates are often "circa": a year either side still matches. */
const CIRCA_YEARS = 1;

export type ScreenedPerson = { name: string; birthdate: string | null };
export type BirthdateMatch = 'match' | 'not-listed';
export type ScreeningHit = { entry: ListedEntry; matchedName: string; score: number; birthdate: BirthdateMatch };

type PreparedName = { written: string; tokens: string[]; sorted: string; joined: string };
type PreparedEntry = { entry: ListedEntry; names: PreparedName[] };

/** 1 for equal strings, 0 for nothing in common: 1 − edit distance ÷ the longer length. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  return 1 - distance(a, b) / longest;
}

function prepare(written: string): PreparedName {
  const tokens = nameTokens(written);
  return { written, tokens, sorted: [...tokens].sort().join(' '), joined: tokens.join('') };
}

/** Could two strings of these lengths reach the threshold at all? Levenshtein is at least the length difference. */
const reachable = (a: string, b: string) => Math.abs(a.length - b.length) <= (1 - NAME_THRESHOLD) * Math.max(a.length, b.length);

function wordByWord(shorter: string[], longer: string[]): number {
  if (shorter.length < 2) return 0;
  let total = 0;
  let letters = 0;
  const free = [...longer];
  for (const word of shorter) {
    let best = 0;
    let at = -1;
    free.forEach((candidate, index) => {
      const score = similarity(word, candidate);
      if (score > best) [best, at] = [score, index];
    });
    if (best < WORD_FLOOR) return 0;
    free.splice(at, 1);
    total += best * word.length;
    letters += word.length;
  }
  return total / letters;
}

/** How alike two prepared names are, 0 to 1. */
function nameScore(player: PreparedName, listed: PreparedName): number {
  if (player.tokens.length === 0 || listed.tokens.length === 0) return 0;
  let best = 0;
  if (reachable(player.sorted, listed.sorted)) best = Math.max(best, similarity(player.sorted, listed.sorted));
  if (reachable(player.joined, listed.joined)) best = Math.max(best, similarity(player.joined, listed.joined));
  if (best < 1 && player.tokens.length !== listed.tokens.length) {
    const [shorter, longer] = player.tokens.length < listed.tokens.length ? [player.tokens, listed.tokens] : [listed.tokens, player.tokens];
    best = Math.max(best, wordByWord(shorter, longer));
  }
  return best;
}

/** Whether the player's birthdate fits the entry's: null when the entry lists birthdates and none fits. */
export function birthdateMatch(listed: string[], birthdate: string | null): BirthdateMatch | null {
  if (listed.length === 0 || birthdate === null) return 'not-listed';
  const year = Number(birthdate.slice(0, 4));
  const fits = listed.some((date) => (date.length === 4 ? Math.abs(Number(date) - year) <= CIRCA_YEARS : date === birthdate));
  return fits ? 'match' : null;
}

export type Matcher = ReturnType<typeof createMatcher>;

/** A matcher over one list's people (organisations are not screened against players, who are people). */
export function createMatcher(entries: ListedEntry[]) {
  const prepared: PreparedEntry[] = entries
    .filter((entry) => entry.subjectType === 'person')
    .map((entry) => ({ entry, names: entry.names.map(prepare).filter((name) => name.tokens.length > 0) }));
  return {
    /** The entries this person matches, best first; at most one hit per entry (its closest name). */
    screen(person: ScreenedPerson): ScreeningHit[] {
      const player = prepare(person.name);
      const hits: ScreeningHit[] = [];
      for (const { entry, names } of prepared) {
        let best: { name: string; score: number } | null = null;
        for (const listed of names) {
          const score = nameScore(player, listed);
          if (score >= NAME_THRESHOLD && (!best || score > best.score)) best = { name: listed.written, score };
        }
        if (!best) continue;
        const birthdate = birthdateMatch(entry.birthdates, person.birthdate);
        if (birthdate) hits.push({ entry, matchedName: best.name, score: Math.round(best.score * 1000) / 1000, birthdate });
      }
      return hits.sort((a, b) => b.score - a.score);
    },
    size: prepared.length,
  };
}

// Names as the screening matcher compares them (docs/decisions/0116-sanctions-screening.md): one spelling for the
// many a name is written in. Diacritics go (Müller → muller), letters without a decomposition are spelled out
// (ß → ss, ø → o), Cyrillic and Greek are transliterated, hyphens and punctuation split words, apostrophes join
// them, case is folded, and the words are sorted so "Petrov Ivan" and "Ivan Petrov" are the same name.

// Cyrillic → Latin after the BGN/PCGN romanisation most Western lists use for Russian, Ukrainian and Belarusian names.
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};
// Greek → Latin (ELOT 743), accents already removed by the decomposition.
const GREEK: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
// Latin letters NFKD leaves whole.
const LATIN: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
};
const SPELLED: Readonly<Record<string, string>> = { ...CYRILLIC, ...GREEK, ...LATIN };

const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /['’ʼ`´]/g;
const SEPARATORS = /[^a-z0-9]+/g;

/** The name's words in one spelling: lower-case ASCII letters and digits, in the order written. */
export function nameTokens(name: string): string[] {
  const decomposed = name.normalize('NFKD').toLowerCase().replace(COMBINING_MARKS, '').replace(APOSTROPHES, '');
  let spelled = '';
  for (const char of decomposed) spelled += SPELLED[char] ?? char;
  return spelled.replace(SEPARATORS, ' ').trim().split(' ').filter(Boolean);
}

/** The name as the matcher compares it: its words sorted and joined by one space ("" for a name with no letters). */
export function normaliseName(name: string): string {
  return nameTokens(name).sort().join(' ');
}

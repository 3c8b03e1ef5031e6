// The name of an uploaded document as we keep it and as players and staff see it (issue 36). The name is the
// uploader's text and means nothing to us (the file's type comes from its bytes), but staff read it: a right-to-left
// override makes `photo\u202Egnp.exe` look like "photoexe.png", zero-width characters make two names look alike,
// a path or a line break could pass for something else. Rows stored before this rule may hold such names, so the
// service applies it when it writes a name and again whenever it answers one.

/** The longest name kept, in code points. */
export const MAX_FILE_NAME_LENGTH = 120;

/**
 * Characters no file name shows: every control, format (bidirectional controls U+202A–U+202E, U+2066–U+2069, the
 * marks U+200E, U+200F and U+061C, zero-width characters, the byte-order mark), lone surrogate, private-use and
 * unassigned character, the line and paragraph separators, and the quotes and angle brackets of markup.
 */
const UNSHOWN = /[\p{C}\p{Zl}\p{Zp}"<>]/gu;

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/**
 * The name shown to the player and to staff: NFC, the last part of a path, without any of the characters above, runs
 * of spaces as one space, at most 120 code points. A name with nothing left is "document" with the extension of the
 * type detected from the file's bytes. Idempotent, so a name cleaned when stored reads the same when shown.
 */
export function cleanFileName(name: string | null | undefined, contentType: string): string {
  const shown = (name ?? '').normalize('NFC').replace(UNSHOWN, '').normalize('NFC');
  const base = (shown.split(/[\\/]/).pop() ?? '').replace(/\s+/gu, ' ').trim();
  const kept = [...base].slice(0, MAX_FILE_NAME_LENGTH).join('').trim();
  // `.` and `..` name directories, not a file.
  return /^\.*$/.test(kept) ? `document.${EXTENSIONS[contentType] ?? 'jpg'}` : kept;
}

// One CSV cell (RFC 4180), safe to open in a spreadsheet. A cell that starts with = + - @, a tab or a carriage
// return is read as a formula by Excel, LibreOffice and Sheets (OWASP "CSV Injection"), so it is prefixed with
// an apostrophe; plain numbers, negative amounts included, stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

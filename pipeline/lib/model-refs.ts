// The names a model's SQL mentions, as dependency candidates: the words of its SQL once comments and string literals
// are gone (a name in a comment or a string is not a relation read), plus the relation a table macro is given by name
// (`stable_ids('link', 'int_link_keys')` reads int_link_keys through query_table). A TypeScript model's SQL is the text
// of its string and template literals, its code and comments left out. Which names are models is the graph's business.

/** Functions that read the relation named by one of their arguments, with that argument's position. */
export type RelationArguments = ReadonlyMap<string, number>;

/** `query_table` and every table macro of `macrosSql` that passes one of its parameters to `query_table`. */
export function relationArguments(macrosSql: string): RelationArguments {
  const out = new Map([['query_table', 0]]);
  const sql = _stripSql(macrosSql, false).toLowerCase();
  const macro = /create\s+(?:or\s+replace\s+)?macro\s+([a-z_][a-z0-9_]*)\s*\(([^)]*)\)\s+as\s+table\b([\s\S]*?)(?=create\s+(?:or\s+replace\s+)?macro\b|$)/g;
  for (const [, name, params, body] of sql.matchAll(macro)) {
    const names = params!.split(',').map((p) => p.trim());
    for (const [, arg] of body!.matchAll(/\bquery_table\s*\(\s*([a-z_][a-z0-9_]*)\s*\)/g)) {
      if (names.includes(arg!)) out.set(name!, names.indexOf(arg!));
    }
  }
  return out;
}

/** Every lower-cased identifier of a SQL text outside comments and string literals (quoted identifiers included),
 *  and the relations named by string to the functions of `relations`. */
export function sqlNames(sql: string, relations: RelationArguments = new Map()): Set<string> {
  const code = _stripSql(sql, false);
  const names = new Set(_stripSql(code, true).toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);
  for (const [fn, position] of relations) {
    for (const call of code.matchAll(new RegExp(`\\b${fn}\\s*\\(`, 'gi'))) {
      const arg = _arguments(code, call.index + call[0].length)[position]?.trim();
      if (arg && /^'[^']*'$/.test(arg)) names.add(arg.slice(1, -1).toLowerCase());
    }
  }
  return names;
}

/** The names in the SQL a TypeScript module holds in its string and template literals. */
export function tsSqlNames(source: string, relations: RelationArguments = new Map()): Set<string> {
  const names = new Set<string>();
  for (const text of tsStrings(source)) for (const name of sqlNames(text, relations)) names.add(name);
  return names;
}

/**
 * The contents of a TypeScript module's string and template literals, comments skipped. A template's `${…}` becomes
 * one neutral word (so quotes around it still pair up) and the literals inside the expression are listed on their own.
 */
export function tsStrings(source: string): string[] {
  const out: string[] = [];
  _scanCode(source, 0, false, out);
  return out;
}

/** SQL with comments blanked, and single-quoted literals too when `literals` (double-quoted identifiers keep their
 *  text, without the quotes). */
function _stripSql(sql: string, literals: boolean): string {
  let out = '';
  for (let i = 0; i < sql.length;) {
    const c = sql[i]!;
    if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === "'") {
      const start = i++;
      while (i < sql.length && !(sql[i] === "'" && sql[i + 1] !== "'")) i += sql[i] === "'" ? 2 : 1;
      i++;
      if (!literals) {
        out += sql.slice(start, i);
        continue;
      }
    } else {
      out += c === '"' && literals ? ' ' : c;
      i++;
      continue;
    }
    out += ' ';
  }
  return out;
}

/** The top-level arguments of a call whose list starts at `i` (after its opening parenthesis), as written. */
function _arguments(sql: string, i: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'") {
      const end = sql.indexOf("'", i + 1);
      current += sql.slice(i, end < 0 ? sql.length : end + 1);
      i = end < 0 ? sql.length : end;
      continue;
    }
    if (c === ')' && depth === 0) break;
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      args.push(current);
      current = '';
    } else current += c;
  }
  args.push(current);
  return args;
}

// A `/` after one of these (or at the start) opens a regular expression literal, elsewhere it divides.
const BEFORE_REGEX = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);

/** Scan code from `i`, adding literals to `out`; inside a template expression stop at its closing brace. */
function _scanCode(src: string, i: number, inExpression: boolean, out: string[]): number {
  let depth = 0;
  let last = '';
  while (i < src.length) {
    const c = src[i]!;
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
      continue;
    }
    if (c === '/' && (BEFORE_REGEX.has(last) || /\breturn$/.test(src.slice(Math.max(0, i - 8), i).trimEnd()))) {
      i = _skipRegex(src, i);
      last = 'x';
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let text = '';
      while (j < src.length && src[j] !== c && src[j] !== '\n') {
        text += src[j] === '\\' ? src[j + 1] ?? '' : src[j];
        j += src[j] === '\\' ? 2 : 1;
      }
      out.push(text);
      i = j + 1;
      last = 'x';
      continue;
    }
    if (c === '`') {
      i = _scanTemplate(src, i + 1, out);
      last = 'x';
      continue;
    }
    if (inExpression && c === '{') depth++;
    if (inExpression && c === '}' && depth-- === 0) return i + 1;
    if (!/\s/.test(c)) last = /[\w$)\]]/.test(c) ? 'x' : c;
    i++;
  }
  return i;
}

/** Scan a template literal's body from `i` (after the backtick); returns the index after its closing backtick. */
function _scanTemplate(src: string, i: number, out: string[]): number {
  let text = '';
  while (i < src.length && src[i] !== '`') {
    if (src[i] === '\\') {
      text += src[i + 1] ?? '';
      i += 2;
    } else if (src[i] === '$' && src[i + 1] === '{') {
      i = _scanCode(src, i + 2, true, out);
      text += ' ts_expression ';
    } else {
      text += src[i++];
    }
  }
  out.push(text);
  return i + 1;
}

/** The index after a regular expression literal starting at `i` (its flags included). */
function _skipRegex(src: string, i: number): number {
  let inClass = false;
  for (i++; i < src.length && src[i] !== '\n'; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '[') inClass = true;
    else if (src[i] === ']') inClass = false;
    else if (src[i] === '/' && !inClass) break;
  }
  for (i++; i < src.length && /[a-z]/i.test(src[i]!); i++);
  return i;
}

// The project's import graph, read from its TypeScript sources with the compiler's parser: every relative
// `import … from`, `export … from`, `import '…'` and `import(…)` of every .ts file, type-only imports included (a
// type import is still a dependency between folders). Files are named by their path from the root, with '/'.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Top-level folders that hold no project source (dependencies, generated output, data). */
const SKIPPED_TOP = new Set(['node_modules', '.tmp', 'data', 'site']);

/**
 * Dynamic imports whose target is computed at run time, with the folders they load from: every .ts file under those
 * folders counts as imported (conservative). A computed import() anywhere else fails the graph, so a new loader
 * cannot hide an edge; a template import() whose static head names a folder (`./truth/${task}.ts`) needs no entry.
 */
export const DYNAMIC_LOADERS: Readonly<Record<string, readonly string[]>> = {
  // runs each layer's `<model>.ts` by its file name (pipeline/models/manifest.ts lists them)
  'pipeline/lib/models.ts': ['pipeline/models'],
};

/** file → the project files it imports, for every .ts file under root. */
export function importGraph(root: string, loaders: Readonly<Record<string, readonly string[]>> = DYNAMIC_LOADERS): Map<string, Set<string>> {
  const files = tsFiles(root, '');
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of specifiers(root, file)) {
      for (const target of resolveSpecifier(root, file, spec, loaders)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** file → the packages and Node built-ins it imports (`node:fs`, `lru-cache`), for every .ts file under the folder
 *  `dir`. */
export function packageImports(root: string, dir: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of tsFiles(root, dir.replace(/\/$/, ''))) {
    const names = specifiers(root, file).flatMap((spec) => (spec.kind === 'literal' && !/^\.\.?\//.test(spec.text) ? [spec.text] : []));
    out.set(file, new Set(names));
  }
  return out;
}

/** Every file reachable from `file` through imports (the file itself included). */
export function reachableFrom(graph: ReadonlyMap<string, ReadonlySet<string>>, file: string): Set<string> {
  if (!graph.has(file)) throw new Error(`${file} is not in the import graph`);
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    for (const next of graph.get(queue.shift()!) ?? []) {
      if (!seen.has(next)) { seen.add(next); queue.push(next); }
    }
  }
  return seen;
}

/** The shortest import chain from `from` to `to` (both included), or [] when `to` is not reachable: for messages. */
export function importChain(graph: ReadonlyMap<string, ReadonlySet<string>>, from: string, to: string): string[] {
  const parent = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const current = queue.shift()!;
    if (current === to) {
      const chain: string[] = [];
      for (let at: string | null = to; at !== null; at = parent.get(at)!) chain.unshift(at);
      return chain;
    }
    for (const next of graph.get(current) ?? []) {
      if (!parent.has(next)) { parent.set(next, current); queue.push(next); }
    }
  }
  return [];
}

/** One import of a file: a literal specifier, the static head of a template, or a computed expression. */
type Specifier = { kind: 'literal'; text: string } | { kind: 'template'; head: string } | { kind: 'computed'; text: string };

function specifiers(root: string, file: string): Specifier[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Specifier[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ kind: 'literal', text: node.moduleSpecifier.text });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) out.push({ kind: 'literal', text: arg.text });
      else if (arg && ts.isTemplateExpression(arg)) out.push({ kind: 'template', head: arg.head.text });
      else out.push({ kind: 'computed', text: arg ? arg.getText(source) : '' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function resolveSpecifier(root: string, file: string, spec: Specifier, loaders: Readonly<Record<string, readonly string[]>>): string[] {
  const fromDir = path.posix.dirname(file);
  if (spec.kind === 'literal') {
    if (!spec.text.startsWith('./') && !spec.text.startsWith('../')) return []; // a package or node: built-in
    const target = path.posix.normalize(path.posix.join(fromDir, spec.text));
    if (!isFile(path.join(root, target))) throw new Error(`${file} imports ${spec.text}, which does not exist`);
    return [target];
  }
  if (spec.kind === 'template' && /^\.\.?\//.test(spec.head) && spec.head.includes('/')) {
    // `../truth/${task}.ts`: any .ts file under the folder the static head names
    const dir = path.posix.normalize(path.posix.join(fromDir, spec.head.slice(0, spec.head.lastIndexOf('/') + 1)));
    return tsFiles(root, dir);
  }
  const dirs = loaders[file];
  if (!dirs) {
    throw new Error(`${file}: import(${spec.kind === 'computed' ? spec.text : `\`${spec.head}…\``}) has a computed target; ` +
      'list the folders it loads from in DYNAMIC_LOADERS (test/architecture/import-graph.ts)');
  }
  return dirs.flatMap((dir) => tsFiles(root, dir));
}

/** The .ts files under root/dir (recursively), named from root; the skipped top-level folders and dot-folders left out. */
function tsFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir)).sort()) {
    const rel = dir ? `${dir.replace(/\/$/, '')}/${name}` : name;
    if (name.startsWith('.') || name === 'node_modules' || (!dir && SKIPPED_TOP.has(name))) continue;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...tsFiles(root, rel));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function isFile(p: string): boolean {
  try { return statSync(p).isFile(); } catch { return false; }
}

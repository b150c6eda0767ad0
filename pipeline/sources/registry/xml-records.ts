// Streams registry XML through saxes and hands out one small element tree per record (SM, or ROW in the 2019 layout).
import { SaxesParser } from 'saxes';

export interface XmlNode {
  name: string;
  /** Lower-case name: the City spells containers both ways (GMTFUNDINGS / Gmtfundings). */
  key: string;
  children: XmlNode[];
  text: string;
}

export interface XmlRecord {
  /** 1-based number of the top-level record (ROW) in the file. */
  position: number;
  root: XmlNode;
  /** XML errors met while the record was open; a record with errors is quarantined. */
  errors: string[];
  /** The file ended before the record closed. */
  truncated: boolean;
}

export interface XmlProblem {
  position: number;
  reason: string;
  excerpt: string;
}

export interface RecordReaderOptions {
  /** Decides, for an element inside a record, whether to build it (skipped subtrees cost no tree nodes). */
  keep?: (parentKey: string, key: string) => boolean;
  onRecord: (record: XmlRecord) => void;
  /** Errors outside any record, and files abandoned after too many errors. */
  onProblem: (problem: XmlProblem) => void;
}

export interface RecordReader {
  write(text: string): void;
  end(): void;
  /** Records started so far. */
  readonly count: number;
}

const MAX_FILE_ERRORS = 200;
// A record that never closes (missing end tag) would swallow the rest of the file into one tree; cap it.
const MAX_RECORD_NODES = 200_000;

/** A streaming record reader; feed it decoded text chunks in order, then call end(). */
export function createRecordReader(options: RecordReaderOptions): RecordReader {
  const parser = new SaxesParser();
  let count = 0;
  let stack: XmlNode[] = [];
  let current: XmlRecord | null = null;
  let nodes = 0;
  let skipDepth = 0;
  let fileErrors = 0;
  let abandoned = false;
  // Errors between records (often the echo of one broken record: saxes unwinds to the root) become one problem.
  let stray: string[] = [];
  const flushStray = () => {
    if (stray.length === 0) return;
    const excerpt = stray.join(' | ');
    options.onProblem({ position: count + 1, reason: `xml parse error: ${stripPosition(stray[0])}`, excerpt });
    stray = [];
  };

  const finish = (record: XmlRecord) => {
    current = null;
    stack = [];
    options.onRecord(record);
  };

  parser.on('opentag', (tag) => {
    if (skipDepth > 0) return void skipDepth++;
    const key = tag.name.toLowerCase();
    if (!current) {
      if (key !== 'row' && key !== 'sm') return;
      flushStray();
      const root: XmlNode = { name: tag.name, key, children: [], text: '' };
      current = { position: ++count, root, errors: [], truncated: false };
      stack = [root];
      nodes = 1;
      return;
    }
    const parent = stack[stack.length - 1];
    if ((options.keep && !options.keep(parent.key, key)) || nodes >= MAX_RECORD_NODES) {
      if (nodes >= MAX_RECORD_NODES && current.errors.length === 0) current.errors.push('record too large (unclosed element?)');
      skipDepth = 1;
      return;
    }
    const node: XmlNode = { name: tag.name, key, children: [], text: '' };
    parent.children.push(node);
    stack.push(node);
    nodes++;
  });
  parser.on('closetag', () => {
    if (skipDepth > 0) return void skipDepth--;
    if (!current) return;
    stack.pop();
    if (stack.length === 0) finish(current);
  });
  const onText = (text: string) => {
    if (current && skipDepth === 0) stack[stack.length - 1].text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('error', (err) => {
    const message = err.message;
    if (current) current.errors.push(message);
    else stray.push(message);
    if (++fileErrors >= MAX_FILE_ERRORS && !abandoned) {
      abandoned = true;
      flushStray();
      options.onProblem({ position: count + 1, reason: 'too many xml errors; rest of file not read', excerpt: message });
    }
  });

  return {
    get count() {
      return count;
    },
    write(text) {
      if (abandoned) return;
      try {
        parser.write(text);
      } catch (err) {
        // saxes reports through the error handler; a throw means its state is unusable, so stop reading this file.
        abandoned = true;
        options.onProblem({ position: count + 1, reason: 'xml parser failure; rest of file not read', excerpt: String(err) });
      }
    },
    end() {
      if (!abandoned) {
        try {
          parser.close();
        } catch (err) {
          options.onProblem({ position: count + 1, reason: 'xml parser failure at end of file', excerpt: String(err) });
        }
      }
      flushStray();
      // A record still open here was cut off (truncated file, or reading abandoned): hand it over as broken.
      if (current) {
        const record: XmlRecord = current;
        record.truncated = true;
        finish(record);
      }
    },
  };
}

/** saxes prefixes messages with `line:column: `; reasons are grouped, so the position goes to the excerpt instead. */
export function stripPosition(message: string): string {
  return message.replace(/^(?:[^:]*:)?\d+:\d+:\s*/, '');
}

/** Records inside a finished top-level element: every SM at any depth, or the element itself when it has none. */
export function recordRoots(root: XmlNode): XmlNode[] {
  if (root.key === 'sm') return [root];
  const found: XmlNode[] = [];
  const visit = (node: XmlNode) => {
    for (const c of node.children) {
      if (c.key === 'sm') found.push(c);
      else visit(c);
    }
  };
  visit(root);
  return found.length > 0 ? found : [root];
}

/** The element rendered back as compact XML (for quarantine excerpts), cut at `max` characters. */
export function toXmlExcerpt(node: XmlNode, max = 500): string {
  const parts: string[] = [];
  let size = 0;
  const visit = (n: XmlNode) => {
    if (size > max) return;
    const text = n.children.length === 0 ? n.text.trim() : '';
    const piece = `<${n.name}>${text}`;
    parts.push(piece);
    size += piece.length;
    for (const c of n.children) visit(c);
    parts.push(`</${n.name}>`);
    size += n.name.length + 3;
  };
  visit(node);
  return parts.join('').slice(0, max);
}

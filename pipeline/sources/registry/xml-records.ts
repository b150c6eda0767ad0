// Streams registry XML and hands out one small element tree per record (ROW, or SM where a file has no ROW). The
// records are cut out of the text first (xml-split.ts) and each is parsed on its own, so damage inside one record
// quarantines that record only and reading goes on at the next record boundary.
import { SaxesParser } from 'saxes';
import { createRecordSplitter } from './xml-split.ts';

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
  /** XML errors met inside the record; a record with errors is quarantined. */
  errors: string[];
  /** The file ended before the record closed. */
  truncated: boolean;
}

export interface XmlProblem {
  position: number;
  reason: string;
  excerpt: string;
  /** The file as a whole cannot be read whole (no records, cut off, too many broken records). */
  file?: boolean;
}

export interface RecordReaderOptions {
  /** Decides, for an element inside a record, whether to build it (skipped subtrees cost no tree nodes). */
  keep?: (parentKey: string, key: string) => boolean;
  /** Hand each record's text to onRecord too (up to MAX_REMEMBERED_CHARS), for a caller that remembers records. */
  remember?: boolean;
  onRecord: (record: XmlRecord, text?: string) => void;
  /** Text outside any record, and problems of the file as a whole. */
  onProblem: (problem: XmlProblem) => void;
}

export interface RecordReader {
  write(text: string): void;
  end(): void;
  /** Records started so far. */
  readonly count: number;
  /**
   * Count one record as read without its text: for a caller that found, in the bytes, a record whose text it knows
   * parsed cleanly before. Allowed only where the text so far has been read whole (no partial tag held back) outside
   * any record, and the file's records are ROW elements (or none is known yet); returns false when not allowed.
   */
  skip(): boolean;
}

// A file of mostly broken records is not the registry's: stop after this many rather than quarantine a flood.
const MAX_BROKEN_RECORDS = 1000;
// A record that never closes inside (a missing end tag) would build its whole rest as one tree; cap it.
const MAX_RECORD_NODES = 200_000;
// A record's text handed to onRecord (`remember`) is capped: a longer one (an unclosed record?) is not remembered.
const MAX_REMEMBERED_CHARS = 1 << 20;

/** A streaming record reader; feed it decoded text chunks in order, then call end(). */
export function createRecordReader(options: RecordReaderOptions): RecordReader {
  let count = 0;
  let broken = 0;
  let abandoned = false;
  let current: XmlRecord | null = null;
  let rooted = false; // the record's element has been opened…
  let rootClosed = false; // …and closed again
  let dead = false; // the parser threw inside this record: the rest of its text is skipped
  let stack: XmlNode[] = [];
  let nodes = 0;
  let skipDepth = 0;
  let text: string[] | null = null; // the current record's text, with `remember`
  let textChars = 0;

  const newParser = () => {
    const p = new SaxesParser();
    p.on('opentag', (tag) => {
      if (!current) return;
      if (skipDepth > 0) return void skipDepth++;
      const key = tag.name.toLowerCase();
      if (stack.length === 0) {
        if (rooted) return void current.errors.push(`element <${tag.name}> after the record closed`);
        const root: XmlNode = { name: tag.name, key, children: [], text: '' };
        current.root = root;
        stack = [root];
        rooted = true;
        nodes = 1;
        return;
      }
      const parent = stack[stack.length - 1]!;
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
    p.on('closetag', () => {
      if (!current) return;
      if (skipDepth > 0) return void skipDepth--;
      stack.pop();
      if (stack.length === 0 && rooted) rootClosed = true;
    });
    const onText = (text: string) => {
      if (current && skipDepth === 0 && stack.length > 0) stack[stack.length - 1]!.text += text;
    };
    p.on('text', onText);
    p.on('cdata', onText);
    p.on('error', (err) => current?.errors.push(err.message));
    // A wrapper element, so each record is an element inside it rather than a document of its own.
    p.write('<records>');
    return p;
  };
  let parser = newParser();

  const splitter = createRecordSplitter({
    start() {
      current = { position: ++count, root: { name: 'ROW', key: 'row', children: [], text: '' }, errors: [], truncated: false };
      rooted = rootClosed = dead = false;
      stack = [];
      nodes = skipDepth = 0;
      text = options.remember ? [] : null;
      textChars = 0;
    },
    text(piece) {
      if (text && (textChars += piece.length) <= MAX_REMEMBERED_CHARS) text.push(piece);
      else text = null;
      if (abandoned || dead || !current) return;
      try {
        parser.write(piece);
      } catch (err) {
        // saxes reports through the error handler; a throw means its state is unusable: skip to the next record.
        current.errors.push(String(err));
        dead = true;
      }
    },
    end(closed, why) {
      const record = current;
      current = null;
      if (!record || abandoned) return;
      if (why) record.errors.push(why);
      if (!closed && !why) record.truncated = true;
      else if (closed && !rootClosed && record.errors.length === 0) record.errors.push('record elements do not close (an unescaped & or < inside?)');
      // Any damage may leave the parser inside some element: the next record gets a fresh one.
      if (record.errors.length > 0 || record.truncated || dead || !rootClosed) parser = newParser();
      options.onRecord(record, text === null ? undefined : text.length === 1 ? text[0] : text.join(''));
      text = null;
      if ((record.errors.length > 0 || record.truncated) && ++broken >= MAX_BROKEN_RECORDS) {
        abandoned = true;
        options.onProblem({ position: count + 1, reason: 'too many broken records; rest of file not read', excerpt: '', file: true });
      }
    },
    stray(excerpt) {
      if (!abandoned) options.onProblem({ position: count + 1, reason: 'xml parse error: text outside any record (a damaged record tag?)', excerpt });
    },
  });

  return {
    get count() {
      return count;
    },
    skip() {
      // A clean record leaves the parser where it found it, between records: skipping one changes nothing after it.
      if (abandoned || current || !splitter.skip('row')) return false;
      count++;
      return true;
    },
    write(text) {
      if (!abandoned) splitter.write(text);
    },
    end() {
      if (abandoned) return;
      const summary = splitter.end();
      if (summary.records === 0) {
        options.onProblem({ position: 1, reason: 'no registry records in the file', excerpt: '', file: true });
      } else if (summary.cutOff) {
        options.onProblem({ position: count, reason: 'file ends before its last record or its root element closes (cut off?)', excerpt: '', file: true });
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
